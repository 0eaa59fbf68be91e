import { StorefrontSyncError, type StorefrontMetafield } from '../types.ts';
import type { AdminGraphqlClient } from './admin-graphql.ts';
import { toPlatformMetafield, type MetafieldInput } from './product-set-input.ts';

/** A vendor's approved page as the platform's collection of that vendor's products. */
export interface StorefrontVendorPage {
  /** The vendor's name: the collection's title and its rule (the products' vendor field). */
  vendor: string;
  descriptionHtml: string;
  /** An absolute image URL the platform fetches, or '' for none. */
  imageUrl: string;
  /** The theme template the marketplace chose for vendor pages ('' for the theme's default). */
  templateSuffix: string;
  metafields: StorefrontMetafield[];
}

const COLLECTION_FIELDS = `collection { id }
    userErrors { field message }`;
export const COLLECTION_CREATE_MUTATION = `mutation VendorCollectionCreate($input: CollectionInput!) {
  collectionCreate(input: $input) {
    ${COLLECTION_FIELDS}
  }
}`;
export const COLLECTION_UPDATE_MUTATION = `mutation VendorCollectionUpdate($input: CollectionInput!) {
  collectionUpdate(input: $input) {
    ${COLLECTION_FIELDS}
  }
}`;
export const COLLECTION_DELETE_MUTATION = `mutation VendorCollectionDelete($input: CollectionDeleteInput!) {
  collectionDelete(input: $input) {
    deletedCollectionId
    userErrors { field message }
  }
}`;

interface UserError {
  field?: string[] | null;
  message: string;
}
type CollectionAnswer = { collection: { id: string } | null; userErrors: UserError[] };
const describe = (errors: UserError[]) =>
  errors.map((e) => (e.field?.length ? `${e.field.join('.')}: ${e.message}` : e.message)).join('; ');
const isGone = (errors: UserError[]) => errors.some((e) => /does not exist|not found/i.test(e.message));

/**
 * CollectionInput: a smart collection whose one rule is "vendor equals the vendor's name", so the
 * platform keeps it filled with the vendor's products as they come and go.
 */
export function toCollectionInput(page: StorefrontVendorPage, id: string | null) {
  return {
    ...(id ? { id } : {}),
    title: page.vendor,
    descriptionHtml: page.descriptionHtml,
    image: page.imageUrl ? { src: page.imageUrl, altText: page.vendor } : null,
    templateSuffix: page.templateSuffix || null,
    // The rule set cannot change once made; an update leaves it as it is.
    ...(id ? {} : { ruleSet: { appliedDisjunctively: false, rules: [{ column: 'VENDOR', relation: 'EQUALS', condition: page.vendor }] } }),
    metafields: page.metafields.map(toPlatformMetafield).filter((m): m is MetafieldInput => m !== null),
  };
}

/** Vendors' pages on the platform (Admin GraphQL): a refusal (userErrors) is not retried. */
export function createShopifyVendorPages(client: AdminGraphqlClient) {
  const create = async (page: StorefrontVendorPage) => {
    const data = await client.request<{ collectionCreate: CollectionAnswer }>(COLLECTION_CREATE_MUTATION, {
      input: toCollectionInput(page, null),
    });
    const { collection, userErrors } = data.collectionCreate;
    if (userErrors.length || !collection)
      throw new StorefrontSyncError(`The platform refused the vendor page: ${describe(userErrors)}`, false);
    return collection.id;
  };
  return {
    /** Creates the vendor's collection, or updates the one the platform has; answers its id. */
    async publish(page: StorefrontVendorPage, collectionId: string | null): Promise<string> {
      if (!collectionId) return create(page);
      const data = await client.request<{ collectionUpdate: CollectionAnswer }>(COLLECTION_UPDATE_MUTATION, {
        input: toCollectionInput(page, collectionId),
      });
      const { collection, userErrors } = data.collectionUpdate;
      // Deleted on the platform by hand meanwhile: made again rather than left missing.
      if (isGone(userErrors)) return create(page);
      if (userErrors.length || !collection)
        throw new StorefrontSyncError(`The platform refused the vendor page: ${describe(userErrors)}`, false);
      return collection.id;
    },
    /** Deletes the vendor's collection; one the platform no longer has is not an error. */
    async remove(collectionId: string): Promise<void> {
      const data = await client.request<{ collectionDelete: { userErrors: UserError[] } }>(COLLECTION_DELETE_MUTATION, {
        input: { id: collectionId },
      });
      const { userErrors } = data.collectionDelete;
      if (userErrors.length && !isGone(userErrors))
        throw new StorefrontSyncError(`The platform refused to delete the vendor page: ${describe(userErrors)}`, false);
    },
  };
}
