import useSWR from 'swr';
import type { CatalogProduct } from '#shared/schemas/products';
import { endpoint } from '../../../../api/endpoint.ts';

const getCatalog = endpoint<{ q?: string }, { products: CatalogProduct[] }>({ path: 'catalog', query: ['q'] });

/** GET catalog?q: the store's public products, for the product picker (25 at most). */
export function useCatalogSearch(q: string, enabled: boolean) {
  return useSWR(enabled ? ['catalog', q] : null, () => getCatalog({ q: q.trim() || undefined }).then((a) => a.products), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}
