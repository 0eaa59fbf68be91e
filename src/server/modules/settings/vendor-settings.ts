import { eq, sql } from 'drizzle-orm';
import { resolveVendorSettings, VendorSettingsSchema, type VendorSettings } from '#shared/schemas/vendor-settings';
import type { Db } from '../../db/client.ts';
import { vendorSettings } from '../../db/schema/index.ts';
import { parseOrThrow } from '../../http/validation.ts';
import { deepMerge } from './store-settings.ts';

export async function readVendorSettings(db: Db, vendorId: string): Promise<VendorSettings & Record<string, unknown>> {
  const [row] = await db.select({ settings: vendorSettings.settings }).from(vendorSettings).where(eq(vendorSettings.vendorId, vendorId));
  // Keys owned by other areas (commissions, delivery) ride along untouched.
  return { ...(row?.settings ?? {}), ...resolveVendorSettings(row?.settings) };
}

/** Merges a partial vendor settings object, validates the known sections, and saves (row created on first write). */
export async function patchVendorSettings(db: Db, storeId: string, vendorId: string, patch: Record<string, unknown>) {
  return db.transaction(async (tx) => {
    await tx.insert(vendorSettings).values({ vendorId, storeId, settings: {} }).onConflictDoNothing();
    const [row] = await tx.select().from(vendorSettings).where(eq(vendorSettings.vendorId, vendorId)).for('update');
    const merged = deepMerge(row.settings, patch) as Record<string, unknown>;
    const known = parseOrThrow(VendorSettingsSchema, merged);
    const next = { ...merged, ...known };
    await tx.update(vendorSettings).set({ settings: next, updatedAt: sql`now()` }).where(eq(vendorSettings.vendorId, vendorId));
    return next;
  });
}
