import useSWR, { mutate } from 'swr';
import {
  ProductRevisionAnswerSchema,
  RevisionActionAnswerSchema,
  RevisionActionBodySchema,
  RevisionListAnswerSchema,
  RevisionListQuerySchema,
  type RevisionAction,
} from '#shared/schemas/product-revisions';
import { endpoint } from '#web/api/endpoint.ts';
import { revalidateProducts } from '#web/features/products/api/list-products.ts';
import { productDetailKey } from './product-detail.ts';
import { productLogsKey } from './product-logs.ts';

export const productRevisionKey = (productId: string) => ['products-v2/revision', productId] as const;
const REVISIONS_KEY = 'products-v2/revisions';

export const getProductRevision = endpoint({
  path: 'products-v2/{productId}/revision',
  pathParams: ['productId'],
  answer: ProductRevisionAnswerSchema,
});
const getRevisions = endpoint({ path: 'products-v2/revisions', request: RevisionListQuerySchema, answer: RevisionListAnswerSchema });
const patchRevision = endpoint({
  method: 'PATCH',
  path: 'product-v2/{productId}/revision/{action}',
  pathParams: ['productId', 'action'],
  // Named: the request schema's default ({}) hides its fields from the endpoint.
  body: ['note'],
  request: RevisionActionBodySchema,
  answer: RevisionActionAnswerSchema,
});

/** GET products-v2/{productId}/revision: the pending revision beside the live product, and the last rejected one. */
export function useProductRevision(productId: string | undefined) {
  return useSWR(productId ? productRevisionKey(productId) : null, () => getProductRevision({ productId: productId! }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}

/** GET products-v2/revisions: edits of live products waiting for review, oldest first. */
export function useRevisions(page: number, isEnabled = true) {
  return useSWR(isEnabled ? [REVISIONS_KEY, page] : null, () => getRevisions({ page }));
}

/** PATCH product-v2/{productId}/revision/{approve|reject|withdraw} {note}, then the product, its revision and the lists again. */
export async function decideRevision(productId: string, action: RevisionAction, note: string) {
  const answer = await patchRevision({ productId, action, ...(note.trim() ? { note: note.trim() } : {}) });
  await Promise.all([mutate(productDetailKey(productId)), mutate(productRevisionKey(productId)), mutate(productLogsKey(productId))]);
  void mutate((key) => Array.isArray(key) && key[0] === REVISIONS_KEY);
  void revalidateProducts();
  return answer;
}
