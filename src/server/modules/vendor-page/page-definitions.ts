import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { metafieldDefinitions } from '#server/db/schema/index';

/** The definitions a vendor page shows: collection metafields flagged showOnVendorPage. */
export async function pageDefinitions(db: Db, storeId: string) {
  const rows = await db
    .select({ key: metafieldDefinitions.key, definition: metafieldDefinitions.definition })
    .from(metafieldDefinitions)
    .where(and(eq(metafieldDefinitions.storeId, storeId), eq(metafieldDefinitions.owner, 'collections')))
    .orderBy(asc(metafieldDefinitions.position));
  return rows
    .filter((r) => r.definition.showOnVendorPage === true)
    .map((r) => ({ ...r.definition, key: r.key }) as Record<string, unknown> & { key: string; description?: unknown; required?: unknown });
}
