import type { StageChange, TrackedField, TrackedStage } from './tracked-applications-api.ts';

// How a change to a tracked application is applied, the same on the server (what it stores) and on the device (what
// it shows before the server answers): each field takes the change only when it is not older than the field's last
// change, so changes from several devices, sent in any order, settle on the last one made, field by field. A stage
// change is also written into the history, in time order, once.

export type TrackedState = {
  company: string;
  title: string;
  url: string;
  stage: TrackedStage;
  note: string | null;
  nextStepAt: string | null;
  history: StageChange[];
  fieldTimes: Record<TrackedField, string>;
};

export type TrackedChange = {
  company?: string;
  title?: string;
  url?: string;
  stage?: TrackedStage;
  /** '' or null clears it. */
  note?: string | null;
  nextStepAt?: string | null;
};

/** `change` made at `at` (an ISO time) applied to `state`; `state` itself is left as it was. */
export function applyTrackedChange(state: TrackedState, change: TrackedChange, at: string): TrackedState {
  const next: TrackedState = { ...state, history: [...state.history], fieldTimes: { ...state.fieldTimes } };
  const time = Date.parse(at);
  const wins = (field: TrackedField) => time >= Date.parse(state.fieldTimes[field]);
  const note = change.note === undefined ? undefined : change.note === '' ? null : change.note;
  if (change.company !== undefined && wins('company')) next.company = change.company;
  if (change.title !== undefined && wins('title')) next.title = change.title;
  if (change.url !== undefined && wins('url')) next.url = change.url;
  if (note !== undefined && wins('note')) next.note = note;
  if (change.nextStepAt !== undefined && wins('nextStepAt')) next.nextStepAt = change.nextStepAt;
  if (change.stage !== undefined) {
    if (wins('stage')) next.stage = change.stage;
    const known = next.history.some((entry) => entry.stage === change.stage && Date.parse(entry.at) === time);
    if (!known) {
      next.history.push({ stage: change.stage, at: new Date(time).toISOString(), note: note ?? null });
      next.history.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    }
  }
  for (const field of Object.keys(next.fieldTimes) as TrackedField[]) {
    if (change[field] !== undefined && wins(field)) next.fieldTimes[field] = new Date(time).toISOString();
  }
  return next;
}

/** A new application's state: every field set at `at`, its first stage in the history. */
export function newTrackedState(
  fields: Omit<TrackedState, 'history' | 'fieldTimes' | 'note' | 'nextStepAt'> & {
    note?: string | null;
    nextStepAt?: string | null;
  },
  at: string,
): TrackedState {
  const time = new Date(Date.parse(at)).toISOString();
  const note = fields.note ? fields.note : null;
  return {
    company: fields.company,
    title: fields.title,
    url: fields.url,
    stage: fields.stage,
    note,
    nextStepAt: fields.nextStepAt ?? null,
    history: [{ stage: fields.stage, at: time, note }],
    fieldTimes: { company: time, title: time, url: time, stage: time, note: time, nextStepAt: time },
  };
}
