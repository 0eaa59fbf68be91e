import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stores, vendorSettings } from '../../db/schema/index.ts';

/**
 * The settings document of a scope: `stores.settings` for the marketplace (vendorId null),
 * `vendor_settings.settings` for a vendor ({} until its row exists). Raw: each reader validates
 * the keys it owns.
 */
export async function readScopedSettings(db: Db, storeId: string, vendorId: string | null): Promise<Record<string, unknown>> {
  if (vendorId === null) {
    const [row] = await db.select({ settings: stores.settings }).from(stores).where(eq(stores.id, storeId));
    return row?.settings ?? {};
  }
  const [row] = await db
    .select({ settings: vendorSettings.settings })
    .from(vendorSettings)
    .where(and(eq(vendorSettings.vendorId, vendorId), eq(vendorSettings.storeId, storeId)));
  return row?.settings ?? {};
}

/**
 * Sets and removes top-level keys of a scope's settings in one statement (`settings - key || patch`),
 * so concurrent writers of other keys (another screen, another engineer's module) never lose each
 * other's changes. A vendor's row is created on its first write. The vendor must belong to the store
 * (the callers resolve it through getVendorByName or the session).
 */
export async function patchScopedSettings(
  db: Db,
  scope: { storeId: string; vendorId: string | null },
  set: Record<string, unknown>,
  remove: readonly string[] = [],
) {
  const patch = JSON.stringify(set);
  const without = (column: SQL | typeof stores.settings) => remove.reduce<SQL>((acc, key) => sql`(${acc} - ${key}::text)`, sql`${column}`);
  if (scope.vendorId === null) {
    await db
      .update(stores)
      .set({ settings: sql`${without(stores.settings)} || ${patch}::jsonb` })
      .where(eq(stores.id, scope.storeId));
    return;
  }
  await db
    .insert(vendorSettings)
    .values({ vendorId: scope.vendorId, storeId: scope.storeId, settings: set })
    .onConflictDoUpdate({
      target: [vendorSettings.storeId, vendorSettings.vendorId],
      set: { settings: sql`${without(sql`${vendorSettings.settings}`)} || ${patch}::jsonb`, updatedAt: sql`now()` },
      setWhere: eq(vendorSettings.storeId, scope.storeId),
    });
}
