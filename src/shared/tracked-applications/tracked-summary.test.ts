import { describe, expect, it } from 'vitest';
import { suggestsGhosted, summarizeApplications, weekStartOf } from './tracked-summary.ts';
import { applyTrackedChange, newTrackedState } from './tracked-changes.ts';

const day = 86_400_000;
const now = Date.parse('2026-11-27T12:00:00Z');

describe('summarizeApplications', () => {
  it('counts applications per week, the share answered, interviews and offers', () => {
    const summary = summarizeApplications(
      [
        { appliedAt: new Date(now - day).toISOString(), reached: ['applied'] },
        { appliedAt: new Date(now - 2 * day).toISOString(), reached: ['applied', 'interview', 'offer'] },
        { appliedAt: new Date(now - 8 * day).toISOString(), reached: ['applied', 'screening', 'rejected'] },
        { appliedAt: new Date(now - 400 * day).toISOString(), reached: ['applied', 'ghosted'] },
      ],
      now,
      4,
    );
    expect(summary).toMatchObject({ total: 4, responseRate: 0.5, interviews: 1, offers: 1 });
    expect(summary.perWeek).toHaveLength(4);
    expect(summary.perWeek.at(-1)).toEqual({ weekStart: weekStartOf(now), count: 2 });
    expect(summary.perWeek.reduce((sum, week) => sum + week.count, 0)).toBe(3);
    expect(summarizeApplications([], now).responseRate).toBeNull();
  });
});

describe('suggestsGhosted', () => {
  it('suggests "no answer" after 30 days without a change at a waiting stage only', () => {
    const at = new Date(now - 31 * day).toISOString();
    const waiting = newTrackedState({ company: 'A', title: 'B', url: 'https://a.example', stage: 'applied' }, at);
    expect(suggestsGhosted({ ...waiting, changedAt: waiting.fieldTimes }, now)).toBe(true);
    expect(suggestsGhosted({ ...waiting, changedAt: waiting.fieldTimes }, now - 2 * day)).toBe(false);
    const offer = applyTrackedChange(waiting, { stage: 'offer' }, at);
    expect(suggestsGhosted({ ...offer, changedAt: offer.fieldTimes }, now)).toBe(false);
  });

  it('counts from the day the student applied for one added later, and from the last move once moved', () => {
    const added = newTrackedState(
      { company: 'A', title: 'B', url: 'https://a.example', stage: 'applied' },
      new Date(now).toISOString(),
    );
    const appliedAt = new Date(now - 40 * day).toISOString();
    expect(suggestsGhosted({ ...added, changedAt: added.fieldTimes, appliedAt }, now)).toBe(true);
    expect(
      suggestsGhosted(
        { ...added, changedAt: added.fieldTimes, appliedAt: new Date(now - 29 * day).toISOString() },
        now,
      ),
    ).toBe(false);
    // Moved to an interview five days after it was added: 30 days from that move.
    const moved = applyTrackedChange(added, { stage: 'interview' }, new Date(now + 5 * day).toISOString());
    expect(suggestsGhosted({ ...moved, changedAt: moved.fieldTimes, appliedAt }, now + 34 * day)).toBe(false);
    expect(suggestsGhosted({ ...moved, changedAt: moved.fieldTimes, appliedAt }, now + 35 * day)).toBe(true);
  });
});

describe('applyTrackedChange', () => {
  it('keeps each field at its last change and writes each stage change once, in time order', () => {
    const start = newTrackedState(
      { company: 'A', title: 'B', url: 'https://a.example', stage: 'applied' },
      '2026-11-01T00:00:00Z',
    );
    const late = applyTrackedChange(start, { stage: 'interview', note: 'Call' }, '2026-11-10T00:00:00Z');
    const early = applyTrackedChange(late, { stage: 'assessment', title: 'C' }, '2026-11-05T00:00:00Z');
    expect(early.stage).toBe('interview');
    expect(early.title).toBe('C');
    expect(early.history.map((entry) => entry.stage)).toEqual(['applied', 'assessment', 'interview']);
    expect(applyTrackedChange(early, { stage: 'assessment' }, '2026-11-05T00:00:00Z').history).toHaveLength(3);
    expect(applyTrackedChange(early, { note: '' }, '2026-11-11T00:00:00Z').note).toBeNull();
  });
});
