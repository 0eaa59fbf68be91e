import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { vendorApplications } from '#server/db/schema/index';
import { sha256 } from '#server/lib/hashing';
import { activeAdminEmails, storedLanguage } from '../notifications/index.ts';

/**
 * The applicant followed the auth-verify link: the application becomes pending, and only now are
 * the applicant (vendor-pending-approval) and the store's admins (marketplace-vendor-request)
 * mailed. The link works once and until it expires; false when it does not (any reason alike).
 */
export async function confirmApplication(ctx: AppContext, token: string): Promise<boolean> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // One statement spends the token, so two clicks (or two processes) confirm once.
    const [application] = await tx
      .update(vendorApplications)
      .set({ status: 'pending', confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null, createdAt: now })
      .where(
        and(
          eq(vendorApplications.confirmTokenHash, sha256(token)),
          eq(vendorApplications.status, 'unconfirmed'),
          gt(vendorApplications.confirmExpiresAt, now),
        ),
      )
      .returning();
    if (!application) return false;
    await ctx.mailer.send(
      {
        storeId: application.storeId,
        template: 'vendor-pending-approval',
        to: application.email,
        vars: { vendor: application.vendorName },
        language: storedLanguage(application.language),
      },
      tx,
    );
    for (const email of await activeAdminEmails(tx, application.storeId)) {
      await ctx.mailer.send(
        {
          storeId: application.storeId,
          template: 'marketplace-vendor-request',
          to: email,
          vars: { vendor: application.vendorName, email: application.email, link: `${ctx.config.publicUrl}/app/vendors` },
          dedupeKey: `vendor-request:${application.id}:${email}`,
        },
        tx,
      );
    }
    return true;
  });
}
