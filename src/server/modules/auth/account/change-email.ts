import { and, eq, gt, isNull } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type ChangeEmail } from '#shared/schemas/account';
import type { AppContext } from '#server/context';
import { emailChanges, users } from '#server/db/schema/index';
import { AppError, badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { randomToken, sha256 } from '#server/lib/hashing';
import { accountLanguage } from '../../notifications/index.ts';
import { verifyCurrentPassword } from './verify-current-password.ts';

/** The link of the mail to the new address lives an hour, as an applicant's confirmation link does. */
const LINK_MINUTES = 60;

const confirmLink = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/app/login/confirm-email?${new URLSearchParams({ token })}`;

/**
 * Asks to change the sign-in address: the new address gets the auth-verify mail with a link, and
 * the account keeps its address until the link is followed, so a typo never locks anyone out and
 * nobody signs in with an address they do not own. A newer request kills the older link. Whether
 * another account has the address is said only on confirming, to its owner: answering it here
 * would let anyone signed in test which addresses have accounts.
 */
export async function requestEmailChange(ctx: AppContext, auth: AuthContext, input: ChangeEmail, ip: string) {
  if (input.email === auth.email) throw badRequest(ACCOUNT_MESSAGES.sameEmail, [{ path: 'email', message: ACCOUNT_MESSAGES.sameEmail }]);
  await verifyCurrentPassword(ctx, auth, input.currentPassword, ip);
  const now = ctx.now();
  const token = randomToken(32);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.storeId, auth.storeId), eq(emailChanges.userId, auth.userId), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({
      storeId: auth.storeId,
      userId: auth.userId,
      newEmail: input.email,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + LINK_MINUTES * 60_000),
    });
    // The new address has no account yet: the mail speaks the language of the account it is for.
    const language = (await accountLanguage(tx, auth.storeId, auth.email)) ?? undefined;
    await ctx.mailer.send(
      {
        storeId: auth.storeId,
        template: 'auth-verify',
        to: input.email,
        vars: { link: confirmLink(ctx, token), minutes: LINK_MINUTES },
        language,
      },
      tx,
    );
  });
}

/** Follows the mailed link: the new address becomes the sign-in address, once. */
export async function confirmEmailChange(ctx: AppContext, token: string) {
  const now = ctx.now();
  const invalid = () => badRequest(ACCOUNT_MESSAGES.invalidLink);
  await ctx.db.transaction(async (tx) => {
    const [change] = await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.tokenHash, sha256(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
      .returning();
    if (!change) throw invalid();
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.storeId, change.storeId), eq(users.email, change.newEmail)));
    if (taken) throw new AppError('conflict', ACCOUNT_MESSAGES.emailTaken);
    await tx
      .update(users)
      .set({ email: change.newEmail })
      .where(and(eq(users.storeId, change.storeId), eq(users.id, change.userId), isNull(users.disabledAt)));
  });
}
