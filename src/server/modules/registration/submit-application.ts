import { and, eq, lt } from 'drizzle-orm';
import { vendorApplicationSchemaFor, type VendorApplication } from '#shared/schemas/registration';
import { MSG } from '#shared/messages';
import type { AppContext } from '#server/context';
import { vendorApplications } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { randomToken, sha256 } from '#server/lib/hashing';
import { sanitizeRichText } from '#server/lib/rich-text';
import { parseOrThrow } from '#server/http/validation';
import { getStore } from '../stores/find-store.ts';

/** How long the link that confirms an applicant's address works; the application expires with it. */
export const CONFIRM_MINUTES = 60;

/**
 * Stores a vendor application after checking it against the store's own registration fields with
 * the form's schema, and mails the applicant the auth-verify link. The application is unconfirmed
 * (invisible to admins, who get no mail) until the applicant follows the link
 * (confirm-application.ts), so the form cannot be used to mail strangers. One application waits per
 * address and store (a unique index, so it holds across processes); an unconfirmed one that expired
 * is removed first. The answer is the same whether or not the e-mail already has an account.
 */
export async function submitApplication(ctx: AppContext, payload: VendorApplication) {
  const store = await getStore(ctx.db, payload.store);
  if (!store.settings.registration.enableApproval) throw new AppError('bad_request', MSG.registrationDisabled);
  const application = parseOrThrow(vendorApplicationSchemaFor(store.settings.registration.fields), payload);
  const definitions = new Map(store.settings.registration.fields.map((f) => [f.key, f]));
  const fields = application.fields
    .filter((f) => definitions.has(f.key))
    .map((f) => {
      const definition = definitions.get(f.key)!;
      // Rich-text answers reach admins' screens (and a vendor page once approved): stored clean.
      const value = definition.type === 'richtext' && typeof f.value === 'string' ? sanitizeRichText(f.value) : f.value;
      return { key: f.key, value, name: definition.name };
    });
  const now = ctx.now();
  const token = randomToken(32);
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(vendorApplications)
      .where(and(eq(vendorApplications.storeId, store.id), eq(vendorApplications.status, 'unconfirmed'), lt(vendorApplications.confirmExpiresAt, now)));
    const [row] = await tx
      .insert(vendorApplications)
      .values({
        storeId: store.id,
        email: application.email,
        vendorName: application.vendorName,
        fields,
        status: 'unconfirmed',
        confirmTokenHash: sha256(token),
        confirmExpiresAt: new Date(now.getTime() + CONFIRM_MINUTES * 60_000),
      })
      .onConflictDoNothing()
      .returning({ id: vendorApplications.id });
    if (!row) throw new AppError('conflict', MSG.applicationWaiting);
    await ctx.mailer.send(
      {
        storeId: store.id,
        template: 'auth-verify',
        to: application.email,
        vars: { link: confirmLink(ctx, token), minutes: CONFIRM_MINUTES, vendor: application.vendorName },
      },
      tx,
    );
  });
}

export function confirmLink(ctx: AppContext, token: string) {
  return `${ctx.config.publicUrl}/api/vendor/application/confirm?${new URLSearchParams({ token })}`;
}
