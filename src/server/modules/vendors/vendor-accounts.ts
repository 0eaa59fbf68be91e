import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { VendorSummary } from '#shared/schemas/vendors';
import type { Db } from '#server/db/client';
import { users, vendors } from '#server/db/schema/index';

type VendorRow = typeof vendors.$inferSelect;

/** Vendors as the admin's screens show them: each with its accounts that can still sign in. */
export async function summarizeVendors(db: Db, storeId: string, vendorRows: VendorRow[]): Promise<VendorSummary[]> {
  const accounts = vendorRows.length
    ? await db
        .select({
          vendorId: users.vendorId,
          email: users.email,
          name: users.name,
          hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        })
        .from(users)
        .where(
          and(
            eq(users.storeId, storeId),
            inArray(
              users.vendorId,
              vendorRows.map((v) => v.id),
            ),
            isNull(users.disabledAt),
          ),
        )
    : [];
  return vendorRows.map((v) => ({
    id: v.id,
    name: v.name,
    isActive: v.isActive,
    createdAt: v.createdAt.toISOString(),
    accounts: accounts
      .filter((a) => a.vendorId === v.id)
      .map(({ email, name, hasPassword }) => ({ email, name, hasPassword: Boolean(hasPassword) })),
  }));
}
