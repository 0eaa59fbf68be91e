import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { catalogSyncs, integrationKeys } from '#server/db/schema/index';
import { AppError, forbidden } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { getEncryption } from '#server/lib/encryption';
import { INTEGRATION_MESSAGES, type CatalogSync } from '#shared/schemas/integrations';

export type IntegrationRow = typeof integrationKeys.$inferSelect;
export type CatalogSyncRow = typeof catalogSyncs.$inferSelect;

/** The sealed key is bound to its store and vendor: a value copied to another row does not decrypt. */
export const keyContext = (storeId: string, vendorId: string) => `prestashop:${storeId}:${vendorId}`;

/** The vendor whose shop a call manages: the caller's (or the admin's switched-to) vendor; the marketplace view has none. */
export function vendorOf(auth: AuthContext): string {
  if (!auth.vendorId) throw forbidden(INTEGRATION_MESSAGES.vendorOnly);
  return auth.vendorId;
}

export async function findIntegration(db: Db, storeId: string, vendorId: string): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(integrationKeys)
    .where(and(eq(integrationKeys.storeId, storeId), eq(integrationKeys.vendorId, vendorId)));
  return row;
}

/** The caller's connection; 409 when it has none. */
export async function requireIntegration(db: Db, storeId: string, vendorId: string): Promise<IntegrationRow> {
  const row = await findIntegration(db, storeId, vendorId);
  if (!row) throw new AppError('conflict', INTEGRATION_MESSAGES.notConnected);
  return row;
}

export async function lastSyncOf(db: Db, storeId: string, vendorId: string): Promise<CatalogSyncRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogSyncs)
    .where(and(eq(catalogSyncs.storeId, storeId), eq(catalogSyncs.vendorId, vendorId)))
    .orderBy(desc(catalogSyncs.createdAt))
    .limit(1);
  return row;
}

export const syncView = (row: CatalogSyncRow): CatalogSync => ({
  id: row.id,
  status: row.status,
  total: row.total,
  progress: row.progress,
  created: row.created,
  updated: row.updated,
  unchanged: row.unchanged,
  failed: row.failed,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A webservice client for a stored connection (the key unsealed). */
export async function clientOf(ctx: AppContext, row: IntegrationRow) {
  const key = (await getEncryption(ctx.db)).decrypt(row.keyEncrypted, keyContext(row.storeId, row.vendorId));
  return ctx.prestashop({ baseUrl: row.domain, key });
}
