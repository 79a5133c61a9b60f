import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export async function findAccountEmail(db: Database, uid: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.uid, uid));
  return row?.email ?? null;
}
