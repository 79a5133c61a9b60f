/**
 * When a change was made on the student's device (saved or dismissed jobs), as the server keeps it: absent means now,
 * and a time in the future is taken as now, so a device with a wrong clock cannot win over every later change.
 */
export function changeTime(changedAt: string | undefined, now: number = Date.now()): Date {
  return new Date(changedAt === undefined ? now : Math.min(Date.parse(changedAt), now));
}
