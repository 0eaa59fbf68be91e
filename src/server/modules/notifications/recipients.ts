import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { resolveVendorSettings } from '#shared/schemas/vendor-settings';
import { users, vendorSettings } from '#server/db/schema/index';

/** The e-mail of every admin of a store who can still sign in: who the marketplace's own mails go to. */
export async function activeAdminEmails(db: Db, storeId: string): Promise<string[]> {
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.isAdmin, true), isNull(users.disabledAt)));
  return admins.map((a) => a.email);
}

/**
 * Who a vendor's mails (new orders, reminders, messages, offers, product decisions) go to: every
 * account of the vendor that can still sign in; the admins instead when the marketplace manages the
 * vendor's shop for it (its isManagedByMarketplace setting), since they are the ones who do the work.
 */
export async function activeVendorEmails(db: Db, storeId: string, vendorId: string): Promise<string[]> {
  const [settings] = await db
    .select({ document: vendorSettings.settings })
    .from(vendorSettings)
    .where(and(eq(vendorSettings.storeId, storeId), eq(vendorSettings.vendorId, vendorId)));
  if (resolveVendorSettings(settings?.document).isManagedByMarketplace) return activeAdminEmails(db, storeId);
  const accounts = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.vendorId, vendorId), isNull(users.disabledAt)));
  return accounts.map((a) => a.email);
}
