import { StorefrontSyncError, type PublishResult, type StorefrontPlatform, type StorefrontProduct } from '../types.ts';
import type { AdminGraphqlClient } from './admin-graphql.ts';
import { DEFAULT_OPTION, PRODUCT_SET_MUTATION, optionsOf, toProductSetInput } from './product-set-input.ts';

export const PRIMARY_LOCATION_QUERY = `query PrimaryLocation {
  location { id }
}`;

export const PRODUCT_VARIANTS_QUERY = `query ProductVariants($id: ID!, $after: String) {
  product(id: $id) {
    id
    variants(first: 250, after: $after) {
      nodes { id sku selectedOptions { name value } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

export const PRODUCT_UNPUBLISH_MUTATION = `mutation ProductUnpublish($product: ProductUpdateInput!) {
  productUpdate(product: $product) {
    product { id status }
    userErrors { field message }
  }
}`;

export const PRODUCT_DELETE_MUTATION = `mutation ProductDelete($input: ProductDeleteInput!) {
  productDelete(input: $input) {
    deletedProductId
    userErrors { field message }
  }
}`;

interface UserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

interface PlatformVariant {
  id: string;
  sku: string | null;
  selectedOptions: { name: string; value: string }[];
}

export interface ShopifyStorefrontOptions {
  client: AdminGraphqlClient;
  /** The platform id a product was published under before (the sync job keeps them), or null. */
  platformIdOf: (productId: string) => Promise<string | null>;
  /** Where stock is counted; by default the shop's primary location, asked once. */
  locationId?: string | null;
}

const describe = (errors: UserError[]) =>
  errors.map((e) => (e.field?.length ? `${e.field.join('.')}: ${e.message}` : e.message)).join('; ');
const isMissing = (errors: UserError[]) =>
  errors.some((e) => e.code === 'PRODUCT_DOES_NOT_EXIST' || /does not exist|not found|could not be found/i.test(e.message));
const optionKey = (values: string[]) => values.join('\u0000');

/**
 * The storefront platform's Admin GraphQL API as our storefront: a product is pushed whole with
 * productSet (synchronous), keeping the platform's ids of the product and of the variants it already
 * has (matched by option values, then by SKU) so a change never recreates what buyers may have in a cart.
 */
export function createShopifyStorefront(options: ShopifyStorefrontOptions): StorefrontPlatform {
  const { client, platformIdOf } = options;
  let location: Promise<string | null> | undefined = options.locationId === undefined ? undefined : Promise.resolve(options.locationId);

  /** The primary location; without inventory scopes the platform refuses, and stock is not sent. */
  const primaryLocation = () => {
    location ??= client
      .request<{ location: { id: string } | null }>(PRIMARY_LOCATION_QUERY)
      .then((data) => data.location?.id ?? null)
      .catch((error: unknown) => {
        location = undefined;
        if (error instanceof StorefrontSyncError && !error.retryable) return null;
        throw error;
      });
    return location;
  };

  /** The variants the platform has for a product, or null when the product is gone there. */
  async function platformVariants(productId: string): Promise<PlatformVariant[] | null> {
    const all: PlatformVariant[] = [];
    let after: string | null = null;
    for (;;) {
      const data: {
        product: { variants: { nodes: PlatformVariant[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } | null;
      } = await client.request(PRODUCT_VARIANTS_QUERY, { id: productId, after });
      if (!data.product) return null;
      all.push(...data.product.variants.nodes);
      if (!data.product.variants.pageInfo.hasNextPage) return all;
      after = data.product.variants.pageInfo.endCursor;
    }
  }

  function matchVariants(product: StorefrontProduct, existing: PlatformVariant[]): Map<string, string> {
    const names = optionsOf(product).map((o) => o.name);
    const byOptions = new Map<string, PlatformVariant>();
    for (const v of existing) byOptions.set(optionKey(names.map((n) => v.selectedOptions.find((s) => s.name === n)?.value ?? '')), v);
    const used = new Set<string>();
    const ids = new Map<string, string>();
    for (const ours of product.variants) {
      const values = product.options.length ? ours.options : [DEFAULT_OPTION.value];
      let match = byOptions.get(optionKey(values));
      if (!match || used.has(match.id)) match = existing.find((e) => !used.has(e.id) && ours.sku !== '' && e.sku === ours.sku);
      if (match && !used.has(match.id)) {
        used.add(match.id);
        ids.set(ours.id, match.id);
      }
    }
    return ids;
  }

  return {
    kind: 'shopify',

    async publishProduct(product: StorefrontProduct): Promise<PublishResult> {
      let productId = await platformIdOf(product.id);
      let variantIds = new Map<string, string>();
      if (productId) {
        const existing = await platformVariants(productId);
        // Deleted on the platform by hand: publish it again as a new product.
        if (existing === null) productId = null;
        else variantIds = matchVariants(product, existing);
      }
      const input = toProductSetInput(product, { productId, variantIds, locationId: await primaryLocation() });
      const data = await client.request<{ productSet: { product: { id: string } | null; userErrors: UserError[] } }>(PRODUCT_SET_MUTATION, {
        input,
      });
      const { userErrors, product: saved } = data.productSet;
      if (userErrors.length) throw new StorefrontSyncError(`The platform refused the product: ${describe(userErrors)}`, false);
      if (!saved) throw new StorefrontSyncError('The platform answered productSet without the product', true);
      return { platformProductId: saved.id };
    },

    async unpublishProduct(productId: string) {
      const id = await platformIdOf(productId);
      if (!id) return;
      const data = await client.request<{ productUpdate: { userErrors: UserError[] } }>(PRODUCT_UNPUBLISH_MUTATION, {
        product: { id, status: 'DRAFT' },
      });
      const errors = data.productUpdate.userErrors;
      if (errors.length && !isMissing(errors))
        throw new StorefrontSyncError(`The platform refused to unpublish the product: ${describe(errors)}`, false);
    },

    async removeProduct(productId: string) {
      const id = await platformIdOf(productId);
      if (!id) return;
      const data = await client.request<{ productDelete: { userErrors: UserError[] } }>(PRODUCT_DELETE_MUTATION, { input: { id } });
      const errors = data.productDelete.userErrors;
      if (errors.length && !isMissing(errors))
        throw new StorefrontSyncError(`The platform refused to delete the product: ${describe(errors)}`, false);
    },
  };
}
