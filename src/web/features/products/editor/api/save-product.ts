import { mutate } from 'swr';
import { PutProductBodySchema, SaveProductAnswerSchema, type WholeProductInput } from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';
import { revalidateProducts } from '#web/features/products/api/list-products.ts';
import { getProductDetail, productDetailKey } from './product-detail.ts';
import { TRANSLATIONS_KEY } from './product-translations.ts';
import { getProductRevision, productRevisionKey } from './product-revision.ts';

const putProduct = endpoint({ method: 'PUT', path: 'products-v2', request: PutProductBodySchema, answer: SaveProductAnswerSchema });

/**
 * PUT products-v2 {product}: creates (no id) or replaces the product. A 400 carries
 * `errors[{path, message}]` at payload paths (product.variants.1.price). The saved product is read
 * again, so the editor gets the variants' ids, with its revision (a vendor's edit of a live product
 * may wait for review); lists of products and its translations are refreshed too.
 */
export async function saveProduct(product: WholeProductInput) {
  const answer = await putProduct({ product });
  const [{ product: saved }, revision] = await Promise.all([
    getProductDetail({ productId: answer.productId }),
    getProductRevision({ productId: answer.productId }),
  ]);
  await mutate(productDetailKey(answer.productId), saved, { revalidate: false });
  await mutate(productRevisionKey(answer.productId), revision, { revalidate: false });
  void revalidateProducts();
  // The sources of its translations may have changed: their outdated flags with them.
  void mutate((key) => Array.isArray(key) && key[0] === TRANSLATIONS_KEY && key[1] === answer.productId);
  return { ...answer, product: saved, revision };
}
