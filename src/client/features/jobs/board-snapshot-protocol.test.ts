import { describe, expect, it } from 'vitest';
import { withPlaces } from '../../../shared/jobs/board-job-fixture.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import { BoardPieces, toBoardErrorInfo, type BoardReply } from './board-snapshot-protocol.ts';

function job(id: string): BoardJob {
  return withPlaces({
    id,
    title: `Intern ${id}`,
    company: 'Acme',
    locations: ['Toronto, ON, Canada'],
    category: null,
    terms: [],
    degrees: [],
    datePosted: 1_760_000_000,
    url: null,
    featured: false,
    type: 'internship',
  });
}

const end = {
  id: 1,
  type: 'snapshot',
  version: 'v7',
  refreshedAt: '2026-01-10T12:00:00.000Z',
  savedAt: 99,
  invalidJobs: 3,
} as const;

describe('BoardPieces', () => {
  it('assembles the pieces in the order they were sent and ends with the whole board', () => {
    const pieces = new BoardPieces();
    expect(pieces.accept({ id: 1, type: 'jobs', index: 0, jobs: [job('a'), job('b')] })).toBeNull();
    expect(pieces.accept({ id: 1, type: 'jobs', index: 1, jobs: [job('c'), job('d')] })).toBeNull();
    expect(pieces.accept({ id: 1, type: 'jobs', index: 2, jobs: [job('e')] })).toBeNull();
    const outcome = pieces.accept({ ...end, pieces: 3, jobCount: 5 });
    expect(outcome).toEqual({
      type: 'snapshot',
      snapshot: {
        version: 'v7',
        refreshedAt: '2026-01-10T12:00:00.000Z',
        savedAt: 99,
        jobs: ['a', 'b', 'c', 'd', 'e'].map(job),
      },
      invalidJobs: 3,
    });
  });

  it('ends an empty board without any piece', () => {
    expect(new BoardPieces().accept({ ...end, pieces: 0, jobCount: 0 })).toMatchObject({
      type: 'snapshot',
      snapshot: { version: 'v7', jobs: [] },
    });
  });

  it('reports a piece out of order as an error instead of a board with jobs missing', () => {
    const pieces = new BoardPieces();
    pieces.accept({ id: 1, type: 'jobs', index: 0, jobs: [job('a')] });
    expect(pieces.accept({ id: 1, type: 'jobs', index: 2, jobs: [job('c')] })).toEqual({
      type: 'error',
      error: { name: 'BoardProtocolError', message: 'board piece 2 arrived where piece 1 was expected' },
    });
  });

  it('reports an end whose counts do not match what arrived as an error', () => {
    const pieces = new BoardPieces();
    pieces.accept({ id: 1, type: 'jobs', index: 0, jobs: [job('a'), job('b')] });
    const outcome = pieces.accept({ ...end, pieces: 1, jobCount: 3 });
    expect(outcome).toMatchObject({ type: 'error', error: { name: 'BoardProtocolError' } });
    expect(outcome?.type === 'error' && outcome.error.message).toBe(
      'board ended after 1 pieces and 2 jobs, 1 pieces and 3 jobs were sent',
    );
  });

  it('passes the answers without jobs through as they are', () => {
    const error = { name: 'TypeError', message: 'Failed to fetch' };
    const replies: BoardReply[] = [
      { id: 4, type: 'not-modified' },
      { id: 4, type: 'empty' },
      { id: 4, type: 'saved' },
      { id: 4, type: 'save-failed', error: { name: 'QuotaExceededError', message: 'full' } },
      { id: 4, type: 'error', error },
    ];
    expect(replies.map((reply) => new BoardPieces().accept(reply))).toEqual([
      { type: 'not-modified' },
      { type: 'empty' },
      { type: 'saved' },
      { type: 'save-failed', error: { name: 'QuotaExceededError', message: 'full' } },
      { type: 'error', error },
    ]);
  });
});

describe('toBoardErrorInfo', () => {
  it("keeps an error's name and message, and a failed download's status and body", () => {
    expect(toBoardErrorInfo(new TypeError('Failed to fetch'))).toEqual({
      name: 'TypeError',
      message: 'Failed to fetch',
    });
    const httpError = Object.assign(new Error('Down'), { name: 'BoardSnapshotHttpError', status: 503, body: { a: 1 } });
    expect(toBoardErrorInfo(httpError)).toEqual({
      name: 'BoardSnapshotHttpError',
      message: 'Down',
      status: 503,
      body: { a: 1 },
    });
    expect(toBoardErrorInfo('just a string')).toEqual({ name: 'Error', message: 'just a string' });
  });

  it('gives something a structured clone can carry', () => {
    const info = toBoardErrorInfo(Object.assign(new Error('x'), { status: 500, body: null }));
    expect(structuredClone(info)).toEqual(info);
  });
});
