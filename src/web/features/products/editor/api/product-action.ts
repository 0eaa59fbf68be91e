import { mutate } from 'swr';
import type { ProductAction } from '#shared/schemas/products';
import { endpoint } from '../../../../api/endpoint.ts';
import { revalidateProducts } from '../../api/list-products.ts';
import { productDetailKey } from './product-detail.ts';
import { productLogsKey } from './product-logs.ts';

const patchAction = endpoint<{ productId: string; action: ProductAction; note?: string }, { productId: string; approved: boolean; deleted: boolean }>({
  method: 'PATCH',
  path: 'product-v2/{productId}/{action}',
  pathParams: ['productId', 'action'],
  body: ['note'],
});

/** PATCH product-v2/{productId}/{approve|unapprove|delete} {note}. A refusal (403) carries the server's reason as message. */
export async function applyProductAction(productId: string, action: ProductAction, note: string) {
  const answer = await patchAction({ productId, action, ...(note.trim() ? { note: note.trim() } : {}) });
  if (!answer.deleted) await mutate(productDetailKey(productId));
  await mutate(productLogsKey(productId));
  void revalidateProducts();
  return answer;
}
