import useSWR from 'swr';
import { CatalogAnswerSchema, CatalogQuerySchema } from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';

const getCatalog = endpoint({ path: 'catalog', request: CatalogQuerySchema, answer: CatalogAnswerSchema });

/** GET catalog?q: the store's public products, for the product picker (25 at most). */
export function useCatalogSearch(q: string, enabled: boolean) {
  return useSWR(enabled ? ['catalog', q] : null, () => getCatalog({ q: q.trim() || undefined }).then((a) => a.products), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}
