import type { ProductRevisionAnswer } from '#shared/schemas/product-revisions';
import type { ProductDetail } from '#shared/schemas/products';

/**
 * What the editor shows a vendor whose changes wait for review: the proposed product (saving
 * again replaces it), with the live stock, which never waited and which orders count down.
 * Admins edit the live product.
 */
export function withProposal(product: ProductDetail, revision: ProductRevisionAnswer | undefined, isAdmin: boolean): ProductDetail {
  const proposed = revision?.pending?.proposed;
  if (isAdmin || !proposed) return product;
  const liveStock = new Map(product.variants.map((v) => [v.id, v.stock]));
  return { ...product, ...proposed, variants: proposed.variants.map((v) => ({ ...v, stock: liveStock.get(v.id) ?? v.stock })) };
}
