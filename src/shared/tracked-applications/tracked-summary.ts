import type { StageChange, TrackedStage } from './tracked-applications-api.ts';

// The student's own numbers over every application (in the app and tracked), and the "no answer?" suggestion.

/** Suggest "No answer" when an application has stayed at one of these stages this long without a change. */
export const ghostedAfterDays = 30;
const waitingStages: readonly TrackedStage[] = ['applied', 'assessment', 'interview'];
const dayMs = 86_400_000;

export function suggestsGhosted(
  application: {
    stage: TrackedStage;
    history: readonly StageChange[];
    changedAt: { stage: string };
    appliedAt?: string;
  },
  now: number,
): boolean {
  if (!waitingStages.includes(application.stage)) return false;
  // Never moved: the wait began when the student applied, which may be long before the application was added here.
  const moves = application.history.slice(1).map((entry) => Date.parse(entry.at));
  const last =
    moves.length === 0 && application.appliedAt !== undefined
      ? Date.parse(application.appliedAt)
      : Math.max(Date.parse(application.changedAt.stage), ...application.history.map((entry) => Date.parse(entry.at)));
  return now - last >= ghostedAfterDays * dayMs;
}

/** One application as the summary counts it: when it was sent and every stage or status it reached. */
export type CountedApplication = { appliedAt: string; reached: readonly string[] };

export type ApplicationSummary = {
  total: number;
  /** Share (0..1) that got past "applied" to an answer: an assessment, interview, offer or a rejection; null: none. */
  responseRate: number | null;
  interviews: number;
  offers: number;
  /** Applications sent per week (weeks start on Monday, local time), oldest first, the last `weeks` weeks. */
  perWeek: { weekStart: string; count: number }[];
};

const answered = new Set(['screening', 'assessment', 'interview', 'offer', 'hired', 'accepted', 'rejected']);
const interviewed = new Set(['interview']);
const offered = new Set(['offer', 'hired', 'accepted']);

/** Monday 00:00 (local time of this process) of the week of `time`, as YYYY-MM-DD. */
export function weekStartOf(time: number): string {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function summarizeApplications(
  applications: readonly CountedApplication[],
  now: number,
  weeks = 12,
): ApplicationSummary {
  const perWeek = new Map<string, number>();
  for (let index = weeks - 1; index >= 0; index -= 1) perWeek.set(weekStartOf(now - index * 7 * dayMs), 0);
  let responses = 0;
  let interviews = 0;
  let offers = 0;
  for (const application of applications) {
    const week = weekStartOf(Date.parse(application.appliedAt));
    if (perWeek.has(week)) perWeek.set(week, perWeek.get(week)! + 1);
    if (application.reached.some((stage) => answered.has(stage))) responses += 1;
    if (application.reached.some((stage) => interviewed.has(stage))) interviews += 1;
    if (application.reached.some((stage) => offered.has(stage))) offers += 1;
  }
  return {
    total: applications.length,
    responseRate: applications.length === 0 ? null : responses / applications.length,
    interviews,
    offers,
    perWeek: [...perWeek].map(([weekStart, count]) => ({ weekStart, count })),
  };
}
