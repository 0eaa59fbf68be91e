import { and, eq } from 'drizzle-orm';
import { VENDOR_MESSAGES } from '#shared/schemas/vendors';
import type { AppContext } from '#server/context';
import { VendorPageSchema } from '#shared/schemas/vendor-page';
import type { Db } from '#server/db/client';
import { users, vendorApplications, vendorSettings, vendors } from '#server/db/schema/index';
import { AppError, notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { findVendor } from './find-vendor.ts';
import { inviteVendorUser } from './invite-vendor-user.ts';
import { assertVendorAllowed } from '../installation/index.ts';
import { registrationMetafields } from '../metafields/index.ts';
import { storedLanguage } from '../notifications/index.ts';

/**
 * Approves or rejects a pending application, recording who decided and when. Approval creates the
 * vendor and its account and sends the invite; rejection sends vendor-rejection. All or nothing.
 */
export async function decideApplication(ctx: AppContext, auth: AuthContext, id: string, status: 'approved' | 'rejected') {
  await ctx.db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(vendorApplications)
      .where(and(eq(vendorApplications.id, id), eq(vendorApplications.storeId, auth.storeId)))
      .for('update');
    // Unconfirmed applications are not the admins' yet: they do not exist for them.
    if (!application || application.status === 'unconfirmed') throw notFound('Application not found');
    if (application.status !== 'pending') throw new AppError('conflict', VENDOR_MESSAGES.decided);
    const decidedAt = ctx.now();
    await tx.update(vendorApplications).set({ status, decidedAt, decidedBy: auth.userId }).where(eq(vendorApplications.id, id));
    if (status === 'rejected') {
      await ctx.mailer.send(
        {
          storeId: auth.storeId,
          template: 'vendor-rejection',
          to: application.email,
          vars: { vendor: application.vendorName },
          language: storedLanguage(application.language),
        },
        tx,
      );
      return;
    }
    if (await findVendor(tx, auth.storeId, application.vendorName)) throw new AppError('conflict', VENDOR_MESSAGES.exists);
    await assertVendorAllowed(tx, auth.storeId, decidedAt);
    const [vendor] = await tx.insert(vendors).values({ storeId: auth.storeId, name: application.vendorName }).returning();
    await startVendorMetafields(tx, auth.storeId, vendor.id, application.fields);
    await inviteVendorUser(ctx, tx, {
      storeId: auth.storeId,
      vendorId: vendor.id,
      vendorName: vendor.name,
      email: application.email,
      language: storedLanguage(application.language),
    });
    const admins = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.storeId, auth.storeId), eq(users.isAdmin, true)));
    for (const admin of admins) {
      await ctx.mailer.send(
        {
          storeId: auth.storeId,
          template: 'marketplace-new-vendor',
          to: admin.email,
          vars: { vendor: vendor.name, email: application.email },
        },
        tx,
      );
    }
  });
}

/**
 * The answers to the vendor metafields asked at registration become the new vendor's metafields
 * (its page's, a draft until the vendor publishes it). The vendor was created in this transaction,
 * so its settings document is created here with them; answers left empty are not kept.
 */
async function startVendorMetafields(tx: Db, storeId: string, vendorId: string, answers: { key: string; value: unknown }[]) {
  const asked = new Set((await registrationMetafields(tx, storeId)).map((f) => f.key));
  const metafields = answers.filter(
    (a) => asked.has(a.key) && a.value !== '' && a.value !== false && !(Array.isArray(a.value) && a.value.length === 0),
  );
  if (metafields.length === 0) return;
  const vendorPage = VendorPageSchema.parse({ metafields });
  await tx.insert(vendorSettings).values({ storeId, vendorId, settings: { vendorPage } });
}
