import useSWR, { mutate } from 'swr';
import { ProductListAnswerSchema, ProductListQuerySchema, type ProductListQuery } from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';

export type { ProductListAnswer, ProductListItem, ProductListQuery } from '#shared/schemas/products';

/** GET products-v2 and POST products/export take the same query. */
export const PRODUCT_LIST_QUERY_FIELDS = [
  'after',
  'before',
  'q',
  'stock',
  'sort',
  'reverse',
  'status',
  'approval',
  'first',
  'vendor',
] as const;

export const listProducts = endpoint({ path: 'products-v2', request: ProductListQuerySchema, answer: ProductListAnswerSchema });

const KEY = 'products-v2';

/**
 * GET products-v2: one page of the caller's products with the count of the filters. The previous
 * page stays on screen while the next one loads, so paging and filtering do not flash a skeleton.
 */
export function useProducts(query: ProductListQuery) {
  return useSWR([KEY, query], () => listProducts(query), { keepPreviousData: true });
}

/** The count of a status tab: the same filters on a one-product page, whose answer carries the count. */
export function useProductCount(query: ProductListQuery | null) {
  const { data } = useSWR(query ? [KEY, { ...query, first: 1 }] : null, () => listProducts({ ...query!, first: 1 }), {
    keepPreviousData: true,
  });
  return data ? { count: data.count, capped: data.countCapped } : undefined;
}

/** After a change (approval, delete, save, import) every product list answer is stale: pages and counts. */
export function revalidateProducts() {
  return mutate((key) => Array.isArray(key) && key[0] === KEY);
}
