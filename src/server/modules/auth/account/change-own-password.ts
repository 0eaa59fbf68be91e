import { and, eq, isNull, ne } from 'drizzle-orm';
import type { ChangeOwnPassword } from '#shared/schemas/account';
import type { AppContext } from '#server/context';
import { refreshTokens, users } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { assertPasswordAllowed, hashPassword } from '../passwords.ts';
import { verifyCurrentPassword } from './verify-current-password.ts';

/**
 * A new password, given the current one. Every other sign-in of the user ends (whoever knew the old
 * password is out at once, on every process); the sign-in that changed it stays.
 */
export async function changeOwnPassword(ctx: AppContext, auth: AuthContext, input: ChangeOwnPassword, ip: string) {
  assertPasswordAllowed(input.password);
  await verifyCurrentPassword(ctx, auth, input.currentPassword, ip);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.storeId, auth.storeId), eq(users.id, auth.userId)));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: ctx.now() })
      .where(
        and(
          eq(refreshTokens.storeId, auth.storeId),
          eq(refreshTokens.userId, auth.userId),
          isNull(refreshTokens.revokedAt),
          ...(auth.sessionId ? [ne(refreshTokens.familyId, auth.sessionId)] : []),
        ),
      );
  });
}
