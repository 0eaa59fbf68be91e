import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import { rateLimitHits } from '../db/schema/index.ts';

export interface Hit {
  /** Hits of the key in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** The upsert every rate-limited request sends (the sign-ins among them). */
const hitQuery = preparedPerDb((db) =>
  db
    .insert(rateLimitHits)
    .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('start'), count: 1, expiresAt: sql.placeholder('end') })
    .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { count: sql`${rateLimitHits.count} + 1` } })
    .returning({ count: rateLimitHits.count })
    .prepare('count_rate_limit_hit'),
);

/**
 * Counts one hit of `key` in its fixed window of `windowMs`, in PostgreSQL, so every API process
 * adds to the same counter (one upsert). When a key starts a new window, windows that ended are
 * deleted (over rate_limit_hits_expires_idx), which keeps the table to the live windows.
 */
export async function countHit(db: Db, key: string, windowMs: number, now: Date): Promise<Hit> {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const end = new Date(start + windowMs);
  const [row] = await hitQuery(db).execute({ key, start: new Date(start), end });
  if (row.count === 1) await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, now));
  return { current: row.count, ttl: end.getTime() - now.getTime() };
}

/** The hits of a key in its current window, without counting one. */
export async function readHits(db: Db, key: string, windowMs: number, now: Date): Promise<Hit> {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const [row] = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, new Date(start))));
  return { current: row?.count ?? 0, ttl: start + windowMs - now.getTime() };
}

type Callback = (error: Error | null, result?: Hit) => void;
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
  groupId?: string;
}

/**
 * The @fastify/rate-limit store over countHit: the plugin's per-process memory store replaced, so
 * the public-call, upload-URL and export limits add up across every process on one database
 * (PGlite runs the same code in its one process). Each route counts apart, like the memory store.
 */
export function postgresRateLimitStore(db: Db, now: () => Date) {
  return class PostgresRateLimitStore {
    constructor(private prefix = '') {}

    child(params: RouteParams) {
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(`${params.groupId ?? `${method} ${params.routeInfo?.url ?? ''}`}|`);
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(db, this.prefix + key, timeWindow, now()).then((hit) => callback(null, hit), callback);
    }

    read(key: string, callback: Callback, timeWindow: number) {
      readHits(db, this.prefix + key, timeWindow, now()).then((hit) => callback(null, hit), callback);
    }
  };
}
