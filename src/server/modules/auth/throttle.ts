import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { preparedPerDb } from '#server/db/prepared';
import { loginFailures } from '#server/db/schema/index';

/**
 * Login throttling, documented in the README: after 5 failed sign-ins of one account
 * within 15 minutes, or 30 from one address, further attempts get 429 until the window passes.
 * That is at most 20 failures an hour per account. Password reset is not throttled by this, so a
 * throttled user can still get back in.
 */
export const THROTTLE = { windowMinutes: 15, perAccount: 5, perAddress: 30 } as const;

export const accountKey = (store: string, email: string) => `acct:${store}:${email}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** Every sign-in sends it first. */
const failuresQuery = preparedPerDb((db) =>
  db
    .select({ key: loginFailures.key, count: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(
      and(
        inArray(loginFailures.key, [sql.placeholder('account'), sql.placeholder('address')]),
        gte(loginFailures.failedAt, sql.placeholder('since')),
      ),
    )
    .groupBy(loginFailures.key)
    .prepare('count_login_failures'),
);

export async function isThrottled(db: Db, keys: { account: string; address: string }, now: Date): Promise<boolean> {
  // Placeholders are sent as given (no column mapping): the time as an ISO string, as the column would send it.
  const since = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000).toISOString();
  const rows = await failuresQuery(db).execute({ account: keys.account, address: keys.address, since });
  const count = (key: string) => rows.find((r) => r.key === key)?.count ?? 0;
  return count(keys.account) >= THROTTLE.perAccount || count(keys.address) >= THROTTLE.perAddress;
}

export async function recordFailure(db: Db, keys: { account: string; address: string }, now: Date) {
  await db.insert(loginFailures).values([
    { key: keys.account, failedAt: now },
    { key: keys.address, failedAt: now },
  ]);
}

export async function clearAccountFailures(db: Db, account: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, account));
}
