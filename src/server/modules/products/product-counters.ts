import type { ProductStatus } from '#shared/schemas/products';
import type { StatusCounter } from '../settings/index.ts';
import { countQuery, rowsOf } from './list-products.ts';
import { scopeOf } from './product-scope.ts';

/**
 * activeProducts and draftProducts of GET app/status, in the caller's scope. They use the list's
 * capped count (an index-only scan that stops at 10,001), since the shell asks on every page load.
 */
export const countProducts: StatusCounter = async (ctx, auth) => {
  const count = async (status: ProductStatus) =>
    rowsOf<{ n: number }>(
      await ctx.db.execute(countQuery({ scope: scopeOf(auth), statuses: [status], stock: 'any', sort: 'UPDATED_AT', descending: true })),
    )[0].n;
  return { activeProducts: await count('ACTIVE'), draftProducts: await count('DRAFT') };
};
