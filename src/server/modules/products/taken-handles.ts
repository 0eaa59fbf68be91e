import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { probeEach } from '#server/db/any-of';
import { products } from '#server/db/schema/index';

/** The store's products that hold any of `handles` (one probe of the unique index per handle). */
export const takenHandles = (db: Db, storeId: string, handles: readonly string[]) =>
  probeEach<{ id: string; handle: string }>(
    db,
    handles,
    'text',
    (handle) =>
      sql`select ${products.id} as id, ${products.handle} as handle from ${products} where ${products.storeId} = ${storeId} and ${products.handle} = ${handle}`,
  );
