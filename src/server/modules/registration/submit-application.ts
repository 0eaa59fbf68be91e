import { and, eq } from 'drizzle-orm';
import { vendorApplicationSchemaFor, type VendorApplication } from '#shared/schemas/registration';
import { MSG } from '#shared/messages';
import type { AppContext } from '../../context.ts';
import { users, vendorApplications } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { parseOrThrow } from '../../http/validation.ts';
import { getStore } from '../stores/find-store.ts';

/**
 * Stores a vendor application after checking it against the store's own registration fields with
 * the form's schema, and mails the applicant and the store's admins. The answer is the same whether
 * or not the e-mail already has an account, so the form cannot be used to discover accounts.
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
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(vendorApplications)
      .values({ storeId: store.id, email: application.email, vendorName: application.vendorName, fields })
      .returning({ id: vendorApplications.id });
    await ctx.mailer.send(
      { storeId: store.id, template: 'vendor-pending-approval', to: application.email, vars: { vendor: application.vendorName } },
      tx,
    );
    const admins = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.storeId, store.id), eq(users.isAdmin, true)));
    for (const admin of admins) {
      await ctx.mailer.send(
        {
          storeId: store.id,
          template: 'marketplace-vendor-request',
          to: admin.email,
          vars: { vendor: application.vendorName, email: application.email, link: `${ctx.config.publicUrl}/app/vendors` },
          dedupeKey: `vendor-request:${row.id}:${admin.email}`,
        },
        tx,
      );
    }
  });
}
