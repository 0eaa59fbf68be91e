import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { users, vendors } from '#server/db/schema/index';
import type { AuthContext } from './policy.ts';

/**
 * The caller a job acts as: the user who started it, with the scope it had then (its vendor, or
 * null for the marketplace view). A job runs the same use cases as the request, under the same checks.
 */
export async function actingUser(db: Db, started: { userId: string; storeId: string; vendorId: string | null }): Promise<AuthContext> {
  const [user] = await db.select().from(users).where(eq(users.id, started.userId));
  const [vendor] = started.vendorId ? await db.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, started.vendorId)) : [];
  return {
    userId: started.userId,
    storeId: started.storeId,
    email: user?.email ?? '',
    name: user?.name ?? null,
    isAdmin: user?.isAdmin ?? false,
    vendor: vendor?.name ?? '*',
    vendorId: started.vendorId,
  };
}
