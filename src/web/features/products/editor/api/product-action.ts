import { mutate } from 'swr';
import { ProductActionAnswerSchema, ProductActionBodySchema, type ProductAction } from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';
import { revalidateProducts } from '#web/features/products/api/list-products.ts';
import { productDetailKey } from './product-detail.ts';
import { productLogsKey } from './product-logs.ts';

const patchAction = endpoint({
  method: 'PATCH',
  path: 'product-v2/{productId}/{action}',
  pathParams: ['productId', 'action'],
  // Named: the request schema's default ({}) hides its fields from the endpoint.
  body: ['note'],
  request: ProductActionBodySchema,
  answer: ProductActionAnswerSchema,
});

/** PATCH product-v2/{productId}/{approve|unapprove|delete} {note}. A refusal (403) carries the server's reason as message. */
export async function applyProductAction(productId: string, action: ProductAction, note: string) {
  const answer = await patchAction({ productId, action, ...(note.trim() ? { note: note.trim() } : {}) });
  if (!answer.deleted) await mutate(productDetailKey(productId));
  await mutate(productLogsKey(productId));
  void revalidateProducts();
  return answer;
}
