import { and, eq } from 'drizzle-orm';
import type { AccountLanguage } from '#shared/schemas/account';
import { VENDOR_MESSAGES } from '#shared/schemas/vendors';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { changePasswordLink, createPasswordCode } from '../auth/index.ts';

/**
 * Creates a vendor's account without a password and mails the invite (auth-invite) whose link
 * opens change-password with the code and e-mail filled in. Runs inside the caller's transaction,
 * so the mail is queued only if the account exists. An applicant's account keeps the language of
 * the application, so the invite and every later mail and screen speak it.
 */
export async function inviteVendorUser(
  ctx: AppContext,
  tx: Db,
  input: { storeId: string; vendorId: string; vendorName: string; email: string; name?: string | null; language?: AccountLanguage },
) {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, input.storeId), eq(users.email, input.email)));
  if (existing) throw new AppError('conflict', VENDOR_MESSAGES.accountExists);
  const [user] = await tx
    .insert(users)
    .values({
      storeId: input.storeId,
      email: input.email,
      name: input.name || null,
      vendorId: input.vendorId,
      language: input.language ?? null,
    })
    .returning();
  const code = await createPasswordCode(tx, ctx.now(), user, 'invite');
  await ctx.mailer.send(
    {
      storeId: input.storeId,
      template: 'auth-invite',
      to: input.email,
      vars: { code, link: changePasswordLink(ctx, input.storeId, input.email, code), vendor: input.vendorName },
    },
    tx,
  );
  return user;
}
