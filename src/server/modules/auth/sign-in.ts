import { and, eq, isNull, sql } from 'drizzle-orm';
import { MSG } from '#shared/messages';
import type { Login } from '#shared/schemas/auth';
import type { AppContext } from '#server/context';
import { users } from '#server/db/schema/index';
import { preparedPerDb } from '#server/db/prepared';
import { AppError } from '#server/http/errors';
import { verifyPassword } from './passwords.ts';
import { selectSessionUsers, startSession } from './sessions.ts';
import { accountKey, addressKey, clearAccountFailures, isThrottled, recordFailure } from './throttle.ts';

const userQuery = preparedPerDb((db) =>
  selectSessionUsers(db)
    .where(and(eq(users.storeId, sql.placeholder('store')), eq(users.email, sql.placeholder('email')), isNull(users.disabledAt)))
    .prepare('sign_in_user'),
);

/**
 * Sign-in with e-mail and password: throttled per account and per address, one read of the user
 * with its vendor's name (the token carries it), a password check that takes as long for an unknown
 * e-mail, and a new session.
 */
export async function signIn(ctx: AppContext, { store, email, password }: Login, ip: string) {
  const keys = { account: accountKey(store, email), address: addressKey(ip) };
  const now = ctx.now();
  if (await isThrottled(ctx.db, keys, now)) throw new AppError('rate_limited', MSG.tooManyAttempts);
  const [found] = await userQuery(ctx.db).execute({ store, email });
  const ok = await verifyPassword(found?.user.passwordHash ?? null, password);
  if (!ok || !found) {
    await recordFailure(ctx.db, keys, now);
    throw new AppError('unauthorized', MSG.invalidCredentials);
  }
  await clearAccountFailures(ctx.db, keys.account);
  return startSession(ctx, { ...found.user, vendorName: found.vendorName });
}
