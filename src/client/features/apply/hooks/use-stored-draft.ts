import { useEffect, useState } from 'react';
import type { ApplicationDraftRecord } from '../../../db/records/apply-records.ts';
import { readDraft } from '../db/draft-repository.ts';

/**
 * The draft saved for this account and job, read once when the form opens (the form then owns the values and saves
 * every change): `undefined` while reading, `null` when there is none.
 */
export function useStoredDraft(uid: string, jobId: string, version: number): ApplicationDraftRecord | null | undefined {
  const [state, setState] = useState<{ key: string; draft: ApplicationDraftRecord | null } | null>(null);
  const key = `${uid}:${jobId}:${version}`;
  useEffect(() => {
    let active = true;
    readDraft(uid, jobId).then(
      (draft) => active && setState({ key, draft }),
      (error: unknown) => {
        console.error('[apply] could not read the draft', error);
        if (active) setState({ key, draft: null });
      },
    );
    return () => {
      active = false;
    };
  }, [key, uid, jobId]);
  return state?.key === key ? state.draft : undefined;
}
