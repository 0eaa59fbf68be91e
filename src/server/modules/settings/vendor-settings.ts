import { resolveVendorSettings, VendorSettingsSchema, type VendorSettings } from '#shared/schemas/vendor-settings';
import type { Db } from '#server/db/client';
import { parseOrThrow } from '#server/http/validation';
import { readSettingsDocument, writeSettingsDocument } from './settings-document.ts';
import { deepMerge } from './store-settings.ts';

export async function readVendorSettings(db: Db, storeId: string, vendorId: string): Promise<VendorSettings & Record<string, unknown>> {
  const stored = await readSettingsDocument(db, { storeId, vendorId });
  // Keys owned by other areas (commissions, delivery) ride along untouched.
  return { ...stored, ...resolveVendorSettings(stored) };
}

/** Merges a partial vendor settings object, validates the known sections, and saves (row created on first write). */
export async function patchVendorSettings(db: Db, storeId: string, vendorId: string, patch: Record<string, unknown>) {
  return writeSettingsDocument(db, { storeId, vendorId }, (current) => {
    const merged = deepMerge(current, patch) as Record<string, unknown>;
    return { ...merged, ...parseOrThrow(VendorSettingsSchema, merged) };
  });
}
