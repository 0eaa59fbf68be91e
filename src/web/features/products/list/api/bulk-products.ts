import { ProductBulkAnswerSchema, ProductBulkBodySchema, type ProductBulkBody } from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';
import { revalidateProducts } from '#web/features/products/api/list-products.ts';

export type { BulkProductAction, ProductBulkAnswer, ProductBulkFilter } from '#shared/schemas/products';

const postBulk = endpoint({ method: 'POST', path: 'products-v2/bulk', request: ProductBulkBodySchema, answer: ProductBulkAnswerSchema });

/** POST products-v2/bulk (chosen ids, or every product a filter matches), then one refresh of the lists, failed or not. */
export async function bulkProducts(body: ProductBulkBody) {
  const trimmed = body.note?.trim();
  try {
    return await postBulk({ ...body, note: trimmed || undefined });
  } finally {
    await revalidateProducts();
  }
}
