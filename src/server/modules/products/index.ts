import type { ServerModule } from '#server/server-module';
import { BULK_PRODUCTS_JOB, runBulkProducts } from './bulk-products.ts';
import { PRODUCT_EXPORT } from './export-products.ts';
import { countProducts } from './product-counters.ts';
import { registerProductRoutes } from './routes.ts';

/**
 * The products area's use cases, for the other areas (CSV import, screens' server parts, orders):
 * each takes the app context and the caller (AuthContext), scopes by store and vendor itself and
 * throws AppError (400 with field errors, 404 outside the scope).
 */
export {
  createOrUpdateProduct,
  createProducts,
  isConstraintViolation,
  loadProductRules,
  planNewProducts,
  validateProduct,
  writeNewProducts,
  type NewProductPlans,
  type ProductRules,
  type SaveProductResult,
} from './save-product.ts';
export { listProducts, fetchPage, planOf, encodeCursor, type ListPlan, loadPageRows, type PageProduct, rowsOf } from './list-products.ts';
export { getProduct } from './get-product.ts';
export { applyProductAction } from './decide-product.ts';
export { getProductTranslations, saveProductTranslations, sourceDigest } from './product-translations.ts';
export { listProductLogs } from './product-logs.ts';
export { startProductExport, PRODUCT_EXPORT } from './export-products.ts';
export { getScopedProduct, scopeOf, type ProductRow, type ProductScope } from './product-scope.ts';
export { variantOut, type VariantRow } from './product-data.ts';
export { findVariantsBySku, type VariantBySku } from './find-variants-by-sku.ts';
export { takenHandles } from './taken-handles.ts';

/** The products module: products, their approval, translations, change log and export. */
export const productsModule: ServerModule = {
  register: registerProductRoutes,
  jobs: (ctx) => ctx.jobs.register(BULK_PRODUCTS_JOB, (payload, job) => runBulkProducts(ctx, payload, job.signal)),
  contributes: { statusCounters: [countProducts], exportSources: [PRODUCT_EXPORT] },
};
