import { endpoint } from '#web/api/endpoint.ts';
import { ExportStartedSchema, ProductListQuerySchema } from '#shared/schemas/products';
import { PRODUCT_LIST_QUERY_FIELDS } from './list-products.ts';

const PAGING_FIELDS: readonly string[] = ['after', 'before', 'first'];

/** POST products/export with the list's filters, not its page: the whole filtered list is exported in the background. */
export const startProductExport = endpoint({
  method: 'POST',
  path: 'products/export',
  request: ProductListQuerySchema,
  query: PRODUCT_LIST_QUERY_FIELDS.filter((field) => !PAGING_FIELDS.includes(field)),
  answer: ExportStartedSchema,
});
