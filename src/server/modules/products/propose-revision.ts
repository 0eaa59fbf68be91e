import { and, eq } from 'drizzle-orm';
import type { ProductDocument } from '#shared/schemas/product-revisions';
import type { Db } from '#server/db/client';
import { productRevisions } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import type { ProductRow } from './product-scope.ts';

/**
 * Stores a vendor's proposal for a live product as its pending revision, replacing the one
 * waiting (one pending a product). The caller holds the product's row lock, so two saves cannot
 * both insert. Answers whether the revision is new (the admins hear of it at once) or replaced.
 */
export async function proposeRevision(tx: Db, auth: AuthContext, product: ProductRow, document: ProductDocument, now: Date) {
  const replaced = await tx
    .update(productRevisions)
    .set({ document, createdBy: auth.userId, updatedAt: now })
    .where(
      and(
        eq(productRevisions.storeId, product.storeId),
        eq(productRevisions.productId, product.id),
        eq(productRevisions.status, 'pending'),
      ),
    )
    .returning({ id: productRevisions.id });
  if (replaced.length) return { created: false };
  await tx.insert(productRevisions).values({
    storeId: product.storeId,
    productId: product.id,
    vendorId: product.vendorId,
    document,
    createdBy: auth.userId,
    createdAt: now,
    updatedAt: now,
  });
  return { created: true };
}
