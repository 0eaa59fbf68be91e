import { and, eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '#shared/schemas/account';
import { MSG } from '#shared/messages';
import type { AppContext } from '#server/context';
import { users } from '#server/db/schema/index';
import { AppError, badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { verifyPassword } from '../passwords.ts';
import { accountKey, addressKey, clearAccountFailures, isThrottled, recordFailure } from '../throttle.ts';

/**
 * A signed-in change of password or e-mail asks the current password, so a borrowed session alone
 * cannot take the account over. Wrong answers count as failed sign-ins of the account: the same
 * throttle stops guessing here as on the sign-in page.
 */
export async function verifyCurrentPassword(ctx: AppContext, auth: AuthContext, password: string, ip: string) {
  const keys = { account: accountKey(auth.storeId, auth.email), address: addressKey(ip) };
  const now = ctx.now();
  if (await isThrottled(ctx.db, keys, now)) throw new AppError('rate_limited', MSG.tooManyAttempts);
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.storeId, auth.storeId), eq(users.id, auth.userId)));
  if (!(await verifyPassword(user?.passwordHash ?? null, password))) {
    await recordFailure(ctx.db, keys, now);
    throw badRequest(ACCOUNT_MESSAGES.wrongPassword, [{ path: 'currentPassword', message: ACCOUNT_MESSAGES.wrongPassword }]);
  }
  await clearAccountFailures(ctx.db, keys.account);
}
