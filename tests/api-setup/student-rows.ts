import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/server/db/client.ts';
import { pushSubscriptions, trackedApplications } from '../../src/server/db/schema.ts';

// Rows a student owns, written straight to the database for tests that need a student "with everything" (account
// deletion, account export) without going through each feature's API.

/** A push subscription of `userUid` at a Firebase Cloud Messaging endpoint named after it. */
export async function insertPushSubscription(db: Database, userUid: string): Promise<void> {
  await db.insert(pushSubscriptions).values({
    userUid,
    endpoint: `https://fcm.googleapis.com/fcm/send/${userUid}`,
    p256dh: 'p256dh-key',
    auth: 'auth-secret',
  });
}

/** An application tracked by `userUid` at 'Elsewhere Inc', stage 'applied', applied now. */
export async function insertTrackedApplication(
  db: Database,
  userUid: string,
  overrides: Partial<typeof trackedApplications.$inferInsert> = {},
): Promise<void> {
  await db.insert(trackedApplications).values({
    id: randomUUID(),
    userUid,
    company: 'Elsewhere Inc',
    title: 'Intern',
    url: 'https://jobs.example.com/1',
    stage: 'applied',
    appliedAt: new Date(),
    history: [],
    fieldTimes: {} as never,
    ...overrides,
  });
}
