import { eq } from 'drizzle-orm';
import type { ProductAction } from '#shared/schemas/products';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { products, vendors } from '#server/db/schema/index';
import { forbidden } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { isAutoApproveOn } from './auto-approve.ts';
import { writeProductLog } from './product-logs.ts';
import { getScopedProduct, scopeOf } from './product-scope.ts';
import { enqueueProductSync } from '../storefront-sync/index.ts';
import { activeVendorEmails } from '../notifications/index.ts';

export const ACTION_MESSAGES = {
  approvalByMarketplace: 'Products are approved by the marketplace',
  deleteByMarketplace: 'Only the marketplace can delete a product',
} as const;

/**
 * PATCH product-v2/{productId}/{action} with an optional note. Admins approve, unapprove and
 * delete; the vendor is mailed (product-approved / product-unapproved, with the note). A vendor
 * may approve or unapprove its own products only when its products are auto-approved (vendor
 * setting autoApprove, else the store's autoApprove.enabledDefault); it is not mailed about its own
 * action. The scope is checked first (another vendor's id is a 404), then the right (403), and a
 * refused call changes nothing. Approving an approved product (or the reverse) changes nothing.
 */
export async function applyProductAction(ctx: AppContext, auth: AuthContext, productId: string, action: ProductAction, note?: string) {
  const decided = await ctx.db.transaction(async (tx) => {
    const product = await getScopedProduct(tx, scopeOf(auth), productId, { forUpdate: true });
    if (!auth.isAdmin) {
      if (action === 'delete') throw forbidden(ACTION_MESSAGES.deleteByMarketplace);
      if (!(await isAutoApproveOn(tx, auth.storeId, product.vendorId))) throw forbidden(ACTION_MESSAGES.approvalByMarketplace);
    }
    const base = { storeId: auth.storeId, productId: product.id, vendorId: product.vendorId, note: note || null };

    if (action === 'delete') {
      await tx.delete(products).where(eq(products.id, product.id));
      await writeProductLog(tx, auth, {
        ...base,
        action: 'delete',
        changes: { product: { before: { title: product.title, handle: product.handle, status: product.status }, after: null } },
      });
      return { productId: product.id, approved: false, deleted: true };
    }

    const approved = action === 'approve';
    if (product.approved === approved) return { productId: product.id, approved, deleted: false };
    const now = ctx.now();
    await tx
      .update(products)
      .set({
        approved,
        approvedAt: approved ? now : null,
        approvedBy: approved ? auth.userId : null,
        approvalNote: note || null,
        updatedAt: now,
      })
      .where(eq(products.id, product.id));
    await writeProductLog(tx, auth, { ...base, action, changes: { approved: { before: product.approved, after: approved } } });
    if (auth.isAdmin) await mailVendor(ctx, tx, product, approved ? 'product-approved' : 'product-unapproved', note ?? '');
    return { productId: product.id, approved, deleted: false };
  });
  await enqueueProductSync(ctx, decided.productId);
  return decided;
}

/** The decision to every active account of the product's vendor. */
export async function mailVendor(
  ctx: AppContext,
  tx: Db,
  product: { id: string; storeId: string; vendorId: string; title: string },
  template: 'product-approved' | 'product-unapproved',
  note: string,
) {
  const [vendor] = await tx.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, product.vendorId));
  for (const email of await activeVendorEmails(tx, product.storeId, product.vendorId)) {
    await ctx.mailer.send(
      {
        storeId: product.storeId,
        template,
        to: email,
        vars: {
          vendor: vendor?.name ?? '',
          product_title: product.title,
          note,
          link: `${ctx.config.publicUrl}/app/products/${product.id}`,
        },
      },
      tx,
    );
  }
}
