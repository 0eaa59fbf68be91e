import useSWR from 'swr';
import { ProductDetailAnswerSchema } from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';

/** Apart from the lists' ['products-v2', query] keys: a list refresh need not re-read the open product. */
export const productDetailKey = (productId: string) => ['products-v2/detail', productId] as const;

export const getProductDetail = endpoint({ path: 'products-v2/{productId}', pathParams: ['productId'], answer: ProductDetailAnswerSchema });

/**
 * GET products-v2/{productId}. Not refreshed on focus or reconnect: the editor's form is filled
 * from the answer once, and a refresh under someone's typing would be lost anyway.
 */
export function useProductDetail(productId: string | undefined) {
  return useSWR(productId ? productDetailKey(productId) : null, () => getProductDetail({ productId: productId! }).then((a) => a.product), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}
