import { and, eq, lt } from 'drizzle-orm';
import { vendorApplicationSchemaFor, type VendorApplication } from '#shared/schemas/registration';
import { MSG } from '#shared/messages';
import type { AppContext } from '#server/context';
import { VENDOR_MESSAGES } from '#shared/schemas/vendors';
import type { Db } from '#server/db/client';
import { users, vendorApplications } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { randomToken, sha256 } from '#server/lib/hashing';
import { sanitizeRichText } from '#server/lib/rich-text';
import { parseOrThrow } from '#server/http/validation';
import { getStore } from '../stores/index.ts';
import { findVendor } from '../vendors/index.ts';
import { storeRegistrationFields } from './registration-fields.ts';

/** How long the link that confirms an applicant's address works; the application expires with it. */
export const CONFIRM_MINUTES = 60;

/**
 * Stores a vendor application after checking it against the store's own registration fields with
 * the form's schema, and mails the applicant the auth-verify link. The application is unconfirmed
 * (invisible to admins, who get no mail) until the applicant follows the link
 * (confirm-application.ts), so the form cannot be used to mail strangers. One application waits per
 * address and store (a unique index, so it holds across processes); an unconfirmed one that expired
 * is removed first. A name that is already a vendor of the store, or an e-mail that already has an
 * account there, is refused at once (409, naming the field) rather than after the admin approves:
 * issue 9 chose telling the applicant over hiding which addresses have accounts (the call is
 * rate-limited per address).
 */
export async function submitApplication(ctx: AppContext, payload: VendorApplication) {
  const store = await getStore(ctx.db, payload.store);
  if (!store.settings.registration.enableApproval) throw new AppError('bad_request', MSG.registrationDisabled);
  const questions = await storeRegistrationFields(ctx.db, store);
  const application = parseOrThrow(vendorApplicationSchemaFor(questions), payload);
  const definitions = new Map(questions.map((f) => [f.key, f]));
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
    await refuseTaken(tx, store.id, application.vendorName, application.email);
    await tx
      .delete(vendorApplications)
      .where(
        and(
          eq(vendorApplications.storeId, store.id),
          eq(vendorApplications.status, 'unconfirmed'),
          lt(vendorApplications.confirmExpiresAt, now),
        ),
      );
    const [row] = await tx
      .insert(vendorApplications)
      .values({
        storeId: store.id,
        email: application.email,
        vendorName: application.vendorName,
        fields,
        language: application.language ?? null,
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
        language: application.language,
      },
      tx,
    );
  });
}

async function refuseTaken(tx: Db, storeId: string, vendorName: string, email: string) {
  if (await findVendor(tx, storeId, vendorName)) {
    throw new AppError('conflict', VENDOR_MESSAGES.exists, [{ path: 'vendorName', message: VENDOR_MESSAGES.exists }]);
  }
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.email, email)));
  if (account) throw new AppError('conflict', VENDOR_MESSAGES.accountExists, [{ path: 'email', message: VENDOR_MESSAGES.accountExists }]);
}

export function confirmLink(ctx: AppContext, token: string) {
  return `${ctx.config.publicUrl}/api/vendor/application/confirm?${new URLSearchParams({ token })}`;
}
