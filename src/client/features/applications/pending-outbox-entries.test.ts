import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from '../../db/records/apply-records.ts';
import { pendingOutboxEntries } from './pending-outbox-entries.ts';

function entry(id: string, jobId: string, status: OutboxRecord['status'], applicationId?: string): OutboxRecord {
  return {
    id,
    jobId,
    status,
    receipt: applicationId ? ({ applicationId } as OutboxRecord['receipt']) : null,
  } as OutboxRecord;
}

describe('pendingOutboxEntries', () => {
  it('drops a sent entry whose application the server lists as withdrawn (no ghost "Applied" card)', () => {
    const outbox = [entry('k1', 'job-1', 'sent', 'app-1')];
    const listed = [{ applicationId: 'app-1', jobId: 'job-1', status: 'withdrawn' }];
    expect(pendingOutboxEntries(outbox, listed)).toEqual([]);
  });

  it('keeps a sent entry the server list does not hold yet', () => {
    const outbox = [entry('k1', 'job-1', 'sent', 'app-1')];
    expect(pendingOutboxEntries(outbox, []).map((item) => item.id)).toEqual(['k1']);
  });

  it('keeps a new application queued after a withdrawal, and hides one queued beside a live application', () => {
    const outbox = [entry('k2', 'job-1', 'queued'), entry('k3', 'job-2', 'queued')];
    const listed = [
      { applicationId: 'app-1', jobId: 'job-1', status: 'withdrawn' },
      { applicationId: 'app-2', jobId: 'job-2', status: 'applied' },
    ];
    expect(pendingOutboxEntries(outbox, listed).map((item) => item.id)).toEqual(['k2']);
  });

  it('without a receipt id, a sent entry is hidden once its job is listed', () => {
    expect(
      pendingOutboxEntries(
        [entry('k1', 'job-1', 'sent')],
        [{ applicationId: 'x', jobId: 'job-1', status: 'withdrawn' }],
      ),
    ).toEqual([]);
  });
});
