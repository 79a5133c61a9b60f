import { describe, expect, it } from 'vitest';
import { appliedJobIdsOf } from './applied-job-ids.ts';

describe('applied job ids on this device', () => {
  it('joins the profile’s applied jobs with the outbox’s sent and waiting ones, not failed ones', () => {
    const ids = appliedJobIdsOf(
      ['a'],
      [
        { jobId: 'b', status: 'queued' },
        { jobId: 'c', status: 'sent' },
        { jobId: 'd', status: 'failed' },
        { jobId: 'a', status: 'sending' },
      ],
    );
    expect([...ids].sort()).toEqual(['a', 'b', 'c']);
  });
});
