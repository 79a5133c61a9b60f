import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations } from '../../db/schema.ts';

/** True when `key` is the stored logo of an organization (the only files the public logo route may serve). */
export async function isOrganizationLogo(db: Database, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.logoPath, key))
    .limit(1);
  return row !== undefined;
}
