import { ProductActionAnswerSchema, ProductActionBodySchema, type ProductAction } from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';
import { errorMessage } from '#web/components/error-message.ts';
import { revalidateProducts } from '#web/features/products/api/list-products.ts';

export type { ProductAction } from '#shared/schemas/products';

const patchProductAction = endpoint({
  method: 'PATCH',
  path: 'product-v2/{productId}/{action}',
  pathParams: ['productId', 'action'],
  // Named: the request schema's default ({}) hides its fields from the endpoint.
  body: ['note'],
  request: ProductActionBodySchema,
  answer: ProductActionAnswerSchema,
});

/** PATCH product-v2/{id}/{action} with the optional note; an empty note is not sent. */
function decide(productId: string, action: ProductAction, note?: string) {
  const trimmed = note?.trim();
  return patchProductAction({ productId, action, ...(trimmed ? { note: trimmed } : {}) });
}

export interface ActionFailure {
  id: string;
  message: string;
}

/** Runs `work` for every id at once; answers the ids that failed with why, in the order given. */
export async function runForEach(ids: readonly string[], work: (id: string) => Promise<unknown>): Promise<ActionFailure[]> {
  const results = await Promise.allSettled(ids.map((id) => work(id)));
  return results.flatMap((result, i) => (result.status === 'rejected' ? [{ id: ids[i], message: errorMessage(result.reason) }] : []));
}

/**
 * The action on each product in parallel, then one refresh of the lists (a partly failed batch
 * still changed the others). Answers the products that failed.
 */
export async function applyProductAction(ids: readonly string[], action: ProductAction, note?: string): Promise<ActionFailure[]> {
  try {
    return await runForEach(ids, (productId) => decide(productId, action, note));
  } finally {
    await revalidateProducts();
  }
}

/** One product's action; a failure throws the server's error (for a confirmation dialog to show). */
export async function applyOneProductAction(productId: string, action: ProductAction, note?: string) {
  try {
    await decide(productId, action, note);
  } finally {
    await revalidateProducts();
  }
}
