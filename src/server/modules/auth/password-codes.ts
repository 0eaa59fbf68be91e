import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { MSG } from '#shared/messages';
import type { ChangePasswordUpdate } from '#shared/schemas/auth';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { passwordResetCodes, users } from '#server/db/schema/index';
import { badRequest } from '#server/http/errors';
import { randomDigits, safeEqual, sha256 } from '#server/lib/hashing';
import { hashPassword, assertPasswordAllowed } from './passwords.ts';
import { revokeAllSessions, selectSessionUsers } from './sessions.ts';
import { accountKey, clearAccountFailures } from './throttle.ts';

/** Reset codes live 15 minutes and allow 5 tries; invites live 7 days. */
export const CODE_RULES = {
  reset: { minutes: 15, attempts: 5 },
  invite: { minutes: 7 * 24 * 60, attempts: 5 },
  /** A mailbox gets at most this many codes an hour, so the form cannot be used to flood it. */
  maxPerHour: 5,
  digits: 8,
} as const;

export function changePasswordLink(ctx: AppContext, store: string, email: string, code: string) {
  const query = new URLSearchParams({ code, email, store });
  return `${ctx.config.publicUrl}/app/login/change-password?${query}`;
}

/**
 * Creates a single-use code for a user (killing any earlier one) and returns it for the mail.
 * Only the hash is stored; the code is never part of an API answer.
 */
export async function createPasswordCode(db: Db, now: Date, user: { id: string; storeId: string }, purpose: 'reset' | 'invite') {
  const code = randomDigits(CODE_RULES.digits);
  await db
    .update(passwordResetCodes)
    .set({ usedAt: now })
    .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.usedAt)));
  await db.insert(passwordResetCodes).values({
    storeId: user.storeId,
    userId: user.id,
    purpose,
    codeHash: sha256(code),
    expiresAt: new Date(now.getTime() + CODE_RULES[purpose].minutes * 60_000),
  });
  return code;
}

/** Mails a reset code to a known, active account; unknown addresses get the same answer and no mail. */
export async function requestPasswordCode(ctx: AppContext, store: string, email: string) {
  const now = ctx.now();
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.storeId, store), eq(users.email, email), isNull(users.disabledAt)));
  if (!user) return;
  const [{ recent }] = await ctx.db
    .select({ recent: sql<number>`count(*)::int` })
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.userId, user.id), gte(passwordResetCodes.createdAt, new Date(now.getTime() - 3600_000))));
  if (recent >= CODE_RULES.maxPerHour) return;
  const code = await createPasswordCode(ctx.db, now, user, 'reset');
  await ctx.mailer.send({
    storeId: store,
    template: 'auth-change-password',
    to: user.email,
    vars: { code, link: changePasswordLink(ctx, store, email, code), minutes: CODE_RULES.reset.minutes },
  });
}

/** Sets a new password with a mailed code. Every failure reads the same, whatever went wrong. */
export async function updatePasswordWithCode(ctx: AppContext, input: ChangePasswordUpdate) {
  assertPasswordAllowed(input.password);
  const now = ctx.now();
  const invalid = () => badRequest(MSG.invalidCode, [{ path: 'code', message: MSG.invalidCode }]);
  const [found] = await selectSessionUsers(ctx.db).where(
    and(eq(users.storeId, input.store), eq(users.email, input.email), isNull(users.disabledAt)),
  );
  if (!found) throw invalid();
  const user = { ...found.user, vendorName: found.vendorName };
  const [code] = await ctx.db
    .select()
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.usedAt)))
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1);
  if (!code || code.expiresAt < now) throw invalid();
  // Reserve the attempt before comparing, in one statement: parallel guesses each take their own
  // slot, so no more than the limit are ever evaluated (a read-then-write would lose counts).
  const limit = CODE_RULES[code.purpose].attempts;
  const [reserved] = await ctx.db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(and(eq(passwordResetCodes.id, code.id), isNull(passwordResetCodes.usedAt), lt(passwordResetCodes.attempts, limit)))
    .returning({ attempts: passwordResetCodes.attempts });
  if (!reserved) throw invalid();
  if (!safeEqual(code.codeHash, sha256(input.code))) {
    if (reserved.attempts >= limit) {
      await ctx.db.update(passwordResetCodes).set({ usedAt: now }).where(eq(passwordResetCodes.id, code.id));
    }
    throw invalid();
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    // Spend the code first and only if still unspent, so two parallel uses cannot both succeed.
    const spent = await tx
      .update(passwordResetCodes)
      .set({ usedAt: now })
      .where(and(eq(passwordResetCodes.id, code.id), isNull(passwordResetCodes.usedAt)))
      .returning({ id: passwordResetCodes.id });
    if (spent.length === 0) throw invalid();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeAllSessions({ ...ctx, db: tx }, user.id);
    await clearAccountFailures(tx, accountKey(input.store, input.email));
  });
  return user;
}
