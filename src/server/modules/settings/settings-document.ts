import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { stores, vendorSettings } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';

/** Whose settings document: the marketplace's (`stores.settings`, vendorId null) or one vendor's. */
export interface SettingsScope {
  storeId: string;
  vendorId: string | null;
}

export type SettingsDocument = Record<string, unknown>;

/**
 * A scope's settings document as stored ({} for a vendor without a row yet), always read within the
 * store. Raw: each reader validates the keys it owns.
 */
export async function readSettingsDocument(db: Db, scope: SettingsScope): Promise<SettingsDocument> {
  if (scope.vendorId === null) {
    const [row] = await db.select({ settings: stores.settings }).from(stores).where(eq(stores.id, scope.storeId));
    if (!row) throw notFound('Unknown store');
    return row.settings ?? {};
  }
  const [row] = await db
    .select({ settings: vendorSettings.settings })
    .from(vendorSettings)
    .where(and(eq(vendorSettings.storeId, scope.storeId), eq(vendorSettings.vendorId, scope.vendorId)));
  return row?.settings ?? {};
}

/**
 * The one way a settings document is written: the row is locked, `change` computes the next document
 * from the current one (merge, validate: a throw writes nothing), and it is saved. Two writers of
 * different keys (two screens, two areas) both land; neither reads a stale document. A vendor's row
 * is created on its first write; its composite key to the vendor keeps it in the vendor's store.
 */
export async function writeSettingsDocument<T extends SettingsDocument>(
  db: Db,
  scope: SettingsScope,
  change: (current: SettingsDocument) => T,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (scope.vendorId === null) {
      const [row] = await tx.select({ settings: stores.settings }).from(stores).where(eq(stores.id, scope.storeId)).for('update');
      if (!row) throw notFound('Unknown store');
      const next = change(row.settings ?? {});
      await tx.update(stores).set({ settings: next }).where(eq(stores.id, scope.storeId));
      return next;
    }
    const ofVendor = and(eq(vendorSettings.storeId, scope.storeId), eq(vendorSettings.vendorId, scope.vendorId));
    await tx.insert(vendorSettings).values({ storeId: scope.storeId, vendorId: scope.vendorId, settings: {} }).onConflictDoNothing();
    const [row] = await tx.select({ settings: vendorSettings.settings }).from(vendorSettings).where(ofVendor).for('update');
    const next = change(row.settings);
    await tx.update(vendorSettings).set({ settings: next, updatedAt: sql`now()` }).where(ofVendor);
    return next;
  });
}

/**
 * Sets and removes top-level keys (sections owned by one area: commissions, delivery...), leaving
 * every other key as it is.
 */
export function patchSettingsKeys(db: Db, scope: SettingsScope, set: SettingsDocument, remove: readonly string[] = []) {
  return writeSettingsDocument(db, scope, (current) => {
    const next = { ...current, ...set };
    for (const key of remove) delete next[key];
    return next;
  });
}
