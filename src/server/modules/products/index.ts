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
export { listProducts, fetchPage, planOf } from './list-products.ts';
export { getProduct } from './get-product.ts';
export { applyProductAction } from './decide-product.ts';
export { getProductTranslations, saveProductTranslations } from './product-translations.ts';
export { listProductLogs } from './product-logs.ts';
export { startProductExport } from './export-products.ts';
export { getScopedProduct, scopeOf, type ProductRow, type ProductScope } from './product-scope.ts';
export { variantOut } from './product-data.ts';
export { findVariantsBySku, type VariantBySku } from './find-variants-by-sku.ts';
export { takenHandles } from './taken-handles.ts';
