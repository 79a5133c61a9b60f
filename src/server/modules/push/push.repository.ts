import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { PushSubscriptionJson } from '../../../shared/push/push-api.ts';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';

/** Browsers a student may have subscribed at once; the oldest go beyond it (each message is sent to every one). */
export const maxSubscriptionsPerStudent = 10;

/**
 * Stores the browser's subscription for `uid`. The endpoint identifies the browser: subscribing it again replaces its
 * keys, and a browser the previous student of a shared device subscribed now belongs to the one who subscribed it last.
 */
export async function upsertSubscription(db: Database, uid: string, subscription: PushSubscriptionJson): Promise<void> {
  await db.transaction(async (tx) => {
    const values = { userUid: uid, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
    await tx
      .insert(pushSubscriptions)
      .values({ ...values, endpoint: subscription.endpoint })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: sql`now()` } });
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userUid, uid))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(maxSubscriptionsPerStudent);
    await tx.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.userUid, uid),
        notInArray(
          pushSubscriptions.id,
          kept.map((row) => row.id),
        ),
      ),
    );
  });
}

/** Deletes `uid`'s subscription of this endpoint; another student's is never touched. */
export async function deleteSubscription(db: Database, uid: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userUid, uid), eq(pushSubscriptions.endpoint, endpoint)));
}
