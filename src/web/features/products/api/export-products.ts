import { endpoint } from '../../../api/endpoint.ts';
import { PRODUCT_LIST_QUERY_FIELDS, type ProductListQuery } from './list-products.ts';

const PAGING_FIELDS: readonly string[] = ['after', 'before', 'first'];

// Typed by hand: it answers 202, and its filters are a POST's query, which a request schema (the body) cannot name.
/** POST products/export with the list's filters, not its page: the whole filtered list is exported in the background. */
export const startProductExport = endpoint<ProductListQuery, { exportId: string }>({
  method: 'POST',
  path: 'products/export',
  query: PRODUCT_LIST_QUERY_FIELDS.filter((field) => !PAGING_FIELDS.includes(field)),
});
