import type { ProductListItem } from '#shared/schemas/products';

/**
 * What the list says of a product's status: an active product that is not approved is not on the
 * storefront, so it never reads as live ("Not live", grey) until an admin approves it.
 */
export function statusSummary(product: Pick<ProductListItem, 'status' | 'approved'>): {
  key: string;
  badge: 'live' | 'draft' | 'archived' | 'waiting';
} {
  if (product.status === 'ACTIVE')
    return product.approved ? { key: 'list.status.ACTIVE', badge: 'live' } : { key: 'list.status.notLive', badge: 'waiting' };
  return { key: `list.status.${product.status}`, badge: product.status === 'DRAFT' ? 'draft' : 'archived' };
}

/**
 * What the list says of a product's stock. The total counts tracked variants only, so a product in
 * stock with a total of 0 is in stock because its stock is not tracked: the list says so rather
 * than a bare "In stock".
 */
export function stockSummary(product: Pick<ProductListItem, 'inStock' | 'totalStock'>): { key: string; count?: number } {
  if (!product.inStock) return { key: 'list.stockSummary.out' };
  if (product.totalStock > 0) return { key: 'list.stockSummary.count', count: product.totalStock };
  return { key: 'list.stockSummary.untracked' };
}
