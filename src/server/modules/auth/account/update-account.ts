import { and, eq } from 'drizzle-orm';
import type { UpdateAccount } from '#shared/schemas/account';
import type { AppContext } from '#server/context';
import { users } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { getAccount } from './get-account.ts';

/** Renames the user or sets their language; a key left out keeps its value. */
export async function updateAccount(ctx: AppContext, auth: AuthContext, change: UpdateAccount) {
  const set = {
    ...(change.name !== undefined && { name: change.name }),
    ...(change.language !== undefined && { language: change.language }),
  };
  if (Object.keys(set).length > 0) {
    await ctx.db
      .update(users)
      .set(set)
      .where(and(eq(users.storeId, auth.storeId), eq(users.id, auth.userId)));
  }
  return getAccount(ctx, auth);
}
