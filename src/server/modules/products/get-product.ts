import { asc, eq } from 'drizzle-orm';
import { type ProductDetail } from '#shared/schemas/products';
import { currencyDecimals } from '#shared/money';
import type { AppContext } from '#server/context';
import { productVariants, vendors } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { readStoreSettings } from '../settings/index.ts';
import { detailOf } from './product-data.ts';
import { getScopedProduct, scopeOf } from './product-scope.ts';
import { translationStatus } from './product-translations.ts';

/** GET products-v2/{productId}: the product with its variants, metafields and translation status. */
export async function getProduct(ctx: AppContext, auth: AuthContext, productId: string): Promise<ProductDetail> {
  const product = await getScopedProduct(ctx.db, scopeOf(auth), productId);
  const [variants, [vendor], settings] = await Promise.all([
    ctx.db.select().from(productVariants).where(eq(productVariants.productId, product.id)).orderBy(asc(productVariants.position)),
    ctx.db.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, product.vendorId)),
    readStoreSettings(ctx.db, auth.storeId),
  ]);
  const translations = await translationStatus(ctx.db, product, settings.translations.locales);
  return detailOf(product, variants, vendor?.name ?? '', product.currency, currencyDecimals(product.currency), translations);
}
