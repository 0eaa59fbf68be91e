import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/index';

/** The e-mail of every admin of a store who can still sign in: who the marketplace's own mails go to. */
export async function activeAdminEmails(db: Db, storeId: string): Promise<string[]> {
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.isAdmin, true), isNull(users.disabledAt)));
  return admins.map((a) => a.email);
}

/** The e-mail of every account of a vendor that can still sign in: who a vendor's mails go to. */
export async function activeVendorEmails(db: Db, storeId: string, vendorId: string): Promise<string[]> {
  const accounts = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.vendorId, vendorId), isNull(users.disabledAt)));
  return accounts.map((a) => a.email);
}
