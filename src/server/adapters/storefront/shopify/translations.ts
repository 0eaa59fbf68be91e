import { StorefrontSyncError } from '../types.ts';
import type { AdminGraphqlClient } from './admin-graphql.ts';

export const TRANSLATABLE_RESOURCE_QUERY = `query TranslatableResource($resourceId: ID!) {
  translatableResource(resourceId: $resourceId) {
    resourceId
    translatableContent { key value digest locale }
  }
}`;

export const TRANSLATIONS_REGISTER_MUTATION = `mutation TranslationsRegister($resourceId: ID!, $translations: [TranslationInput!]!) {
  translationsRegister(resourceId: $resourceId, translations: $translations) {
    translations { key locale value }
    userErrors { field message code }
  }
}`;

export const TRANSLATIONS_QUERY = `query ResourceTranslations($resourceId: ID!, $locale: String!) {
  translatableResource(resourceId: $resourceId) {
    translations(locale: $locale) { key }
  }
}`;

export const TRANSLATIONS_REMOVE_MUTATION = `mutation TranslationsRemove($resourceId: ID!, $translationKeys: [String!]!, $locales: [String!]!) {
  translationsRemove(resourceId: $resourceId, translationKeys: $translationKeys, locales: $locales) {
    translations { key locale }
    userErrors { field message code }
  }
}`;

/** A translation of one text of a platform resource. */
export interface PlatformTranslation {
  locale: string;
  key: string;
  value: string;
  /** The digest of the source text it translates (SHA-256 hex of the text, as the platform computes it). */
  digest: string;
}

interface UserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

/** Product translations on the platform (Admin GraphQL): a refusal (userErrors) is not retried. */
export function createShopifyTranslations(client: AdminGraphqlClient) {
  return {
    /** The texts the platform translates for a resource, with the digest of each (by key). */
    async sourceDigests(resourceId: string): Promise<Map<string, string>> {
      const data = await client.request<{ translatableResource: { translatableContent: { key: string; digest: string | null }[] } | null }>(
        TRANSLATABLE_RESOURCE_QUERY,
        { resourceId },
      );
      return new Map((data.translatableResource?.translatableContent ?? []).flatMap((c) => (c.digest ? [[c.key, c.digest] as const] : [])));
    },
    /** The keys the platform has a translation of in `locale`. */
    async translatedKeys(resourceId: string, locale: string): Promise<string[]> {
      const data = await client.request<{ translatableResource: { translations: { key: string }[] } | null }>(TRANSLATIONS_QUERY, {
        resourceId,
        locale,
      });
      return (data.translatableResource?.translations ?? []).map((t) => t.key);
    },
    /** Removes the translations of `keys` in `locale`. */
    async remove(resourceId: string, locale: string, keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      const data = await client.request<{ translationsRemove: { userErrors: UserError[] } }>(TRANSLATIONS_REMOVE_MUTATION, {
        resourceId,
        translationKeys: keys,
        locales: [locale],
      });
      const { userErrors } = data.translationsRemove;
      if (userErrors.length)
        throw new StorefrontSyncError(`The platform refused to remove translations: ${userErrors.map((e) => e.message).join('; ')}`, false);
    },
    /** Registers translations made from the texts the platform has (`translatableContentDigest`), replacing earlier ones. */
    async register(resourceId: string, translations: PlatformTranslation[]): Promise<void> {
      if (translations.length === 0) return;
      const data = await client.request<{ translationsRegister: { userErrors: UserError[] } }>(TRANSLATIONS_REGISTER_MUTATION, {
        resourceId,
        translations: translations.map((t) => ({ locale: t.locale, key: t.key, value: t.value, translatableContentDigest: t.digest })),
      });
      const { userErrors } = data.translationsRegister;
      if (userErrors.length)
        throw new StorefrontSyncError(`The platform refused the translations: ${userErrors.map((e) => e.message).join('; ')}`, false);
    },
  };
}
