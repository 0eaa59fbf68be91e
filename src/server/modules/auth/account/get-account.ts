import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Account, AccountLanguage } from '#shared/schemas/account';
import type { AppContext } from '#server/context';
import { emailChanges, users } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';

/** The signed-in user's own account, with the newest e-mail change still waiting for its link. */
export async function getAccount(ctx: AppContext, auth: AuthContext): Promise<Account> {
  const [user] = await ctx.db
    .select({ name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.storeId, auth.storeId), eq(users.id, auth.userId)));
  const [pending] = await ctx.db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.storeId, auth.storeId),
        eq(emailChanges.userId, auth.userId),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, ctx.now()),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return {
    name: user.name ?? '',
    email: user.email,
    language: (user.language as AccountLanguage | null) ?? null,
    pendingEmail: pending?.newEmail ?? null,
  };
}
