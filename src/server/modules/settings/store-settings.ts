import { eq, sql } from 'drizzle-orm';
import { resolveSettings, SettingsSchema, type Settings } from '#shared/schemas/settings';
import type { Db } from '#server/db/client';
import { stores } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';
import { parseOrThrow, strictInput } from '#server/http/validation';
import { readSettingsDocument, writeSettingsDocument } from './settings-document.ts';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Maps keyed by people's data (not by setting names): sent whole, so a removed entry stays removed. */
const REPLACED_WHOLE = new Set(['translations.dict']);

/** Objects merge key by key; arrays, scalars and the maps above are replaced (always sent whole). */
export function deepMerge(base: unknown, patch: unknown, path = ''): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch) || REPLACED_WHOLE.has(path)) return patch;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) out[key] = deepMerge(base[key], value, path ? `${path}.${key}` : key);
  return out;
}

/** The store's currency alone, for hot paths (the product list) that need nothing else of the settings. */
export async function readStoreCurrency(db: Db, storeId: string): Promise<string> {
  const [row] = await db
    .select({ currency: sql<string | null>`${stores.settings}->>'currency'` })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!row) throw notFound('Unknown store');
  return row.currency ?? resolveSettings({}).currency;
}

export async function readStoreSettings(db: Db, storeId: string): Promise<Settings> {
  return resolveSettings(await readSettingsDocument(db, { storeId, vendorId: null }));
}

/**
 * Applies a partial settings object: merged into the stored one, validated whole with the shared
 * schema (400 with every field error, nothing written), then saved. The row lock makes two admins
 * saving different sections at once both land.
 */
export async function patchStoreSettings(db: Db, storeId: string, patch: Record<string, unknown>): Promise<Settings> {
  return writeSettingsDocument(db, { storeId, vendorId: null }, (stored) =>
    // Strict: the stored part is already clean, so an unknown key can only be the patch's typo.
    parseOrThrow(strictInput(SettingsSchema), deepMerge(resolveSettings(stored), patch)),
  );
}
