import { eq, sql } from 'drizzle-orm';
import { resolveSettings, type Settings } from '#shared/schemas/settings';
import type { Db } from '#server/db/client';
import { preparedPerDb } from '#server/db/prepared';
import { storeHosts, stores } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { MSG } from '#shared/messages';

export interface StoreRecord {
  id: string;
  shopName: string;
  settings: Settings;
}

/**
 * Every public call and many signed-in ones read their store: building the query and having
 * PostgreSQL parse and plan it each time was ~40 % of a public call's CPU (bench:http).
 */
const storeQuery = preparedPerDb((db) =>
  db
    .select({ id: stores.id, shopName: stores.shopName, settings: stores.settings })
    .from(stores)
    .where(eq(stores.id, sql.placeholder('id')))
    .prepare('find_store'),
);

export async function findStore(db: Db, id: string): Promise<StoreRecord | null> {
  const [row] = await storeQuery(db).execute({ id });
  return row ? { id: row.id, shopName: row.shopName, settings: resolveSettings(row.settings) } : null;
}

/** A store named by a public call; an unknown one is a 404 with a plain message. */
export async function getStore(db: Db, id: string): Promise<StoreRecord> {
  const store = await findStore(db, id);
  if (!store) throw new AppError('not_found', MSG.unknownStore);
  return store;
}

/**
 * The store of a public screen: the one it names, else the one its host is mapped to, else
 * DEFAULT_STORE, else the demo store when it exists (the embedded default).
 */
export async function resolvePublicStore(
  ctx: { db: Db; config: { defaultStore?: string } },
  explicit: string | undefined,
  host: string | undefined,
) {
  if (explicit) return getStore(ctx.db, explicit);
  const mapped = host ? await findStoreIdByHost(ctx.db, host) : null;
  return getStore(ctx.db, mapped ?? ctx.config.defaultStore ?? 'demo');
}

export async function findStoreIdByHost(db: Db, host: string): Promise<string | null> {
  const [row] = await db
    .select()
    .from(storeHosts)
    .where(eq(storeHosts.host, host.toLowerCase().replace(/:\d+$/, '')));
  return row?.storeId ?? null;
}
