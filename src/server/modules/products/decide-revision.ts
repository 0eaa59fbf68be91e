import { and, eq } from 'drizzle-orm';
import { REVISION_MESSAGES, type RevisionAction } from '#shared/schemas/product-revisions';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { productRevisions, productVariants } from '#server/db/schema/index';
import { AppError, forbidden } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { mailVendor } from './decide-product.ts';
import { getScopedProduct, scopeOf, type ProductRow } from './product-scope.ts';
import { createOrUpdateProduct, loadProductRules, type ProductRules } from './save-product.ts';

const STATUS_OF = { approve: 'approved', reject: 'rejected', withdraw: 'withdrawn' } as const;

/**
 * PATCH product-v2/{productId}/revision/{action}: an admin approves or rejects (with a note, mailed
 * like a product's approval) the product's pending revision; its vendor may withdraw it. Approving
 * saves the proposed product over the live one in the same transaction as the decision, with the
 * stock the product has now (stock never waited), and queues the storefront sync as any save does.
 */
export async function decideRevision(ctx: AppContext, auth: AuthContext, productId: string, action: RevisionAction, note?: string) {
  if (!auth.isAdmin && action !== 'withdraw') throw forbidden(REVISION_MESSAGES.reviewByMarketplace);
  // Read before the transaction: the embedded database has one connection, which the transaction holds.
  const rules = action === 'approve' ? await loadProductRules(ctx.db, auth.storeId) : null;
  return ctx.db.transaction(async (tx) => {
    const product = await getScopedProduct(tx, scopeOf(auth), productId, { forUpdate: true });
    const [revision] = await tx
      .select()
      .from(productRevisions)
      .where(
        and(eq(productRevisions.storeId, auth.storeId), eq(productRevisions.productId, product.id), eq(productRevisions.status, 'pending')),
      );
    if (!revision) throw new AppError('conflict', REVISION_MESSAGES.noPendingRevision);
    if (rules) await saveProposal(ctx, tx, auth, product, revision.document, rules);
    const now = ctx.now();
    await tx
      .update(productRevisions)
      .set({ status: STATUS_OF[action], decidedBy: auth.userId, decidedAt: now, updatedAt: now, note: note || null })
      .where(and(eq(productRevisions.storeId, auth.storeId), eq(productRevisions.id, revision.id)));
    if (action !== 'withdraw') {
      const title = action === 'approve' ? String(revision.document.title ?? product.title) : product.title;
      await mailVendor(ctx, tx, { ...product, title }, action === 'approve' ? 'product-approved' : 'product-unapproved', note ?? '');
    }
    return { productId: product.id, status: STATUS_OF[action] };
  });
}

/** The proposal saved as the product (an admin's save: no review), each kept variant with its stock of now. */
async function saveProposal(
  ctx: AppContext,
  tx: Db,
  auth: AuthContext,
  product: ProductRow,
  document: Record<string, unknown>,
  rules: ProductRules,
) {
  const live = await tx
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, product.id));
  const stockNow = new Map(live.map((v) => [v.id, v.stock]));
  const variants = (document.variants as { id: string; stock: number }[]).map((v) => ({ ...v, stock: stockNow.get(v.id) ?? v.stock }));
  await createOrUpdateProduct(ctx, auth, { ...document, id: product.id, variants }, { tx, rules });
}
