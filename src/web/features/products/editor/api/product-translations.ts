import useSWR, { mutate } from 'swr';
import type { z } from 'zod';
import {
  TranslationsAnswerSchema,
  TranslationsPatchSchema,
  TranslationsQuerySchema,
  TranslationsSavedSchema,
} from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';
import { productDetailKey } from './product-detail.ts';
import { productLogsKey } from './product-logs.ts';

export type ProductTranslation = z.infer<typeof TranslationsAnswerSchema>['translations'][number];
type TranslationPatch = z.input<typeof TranslationsPatchSchema>['translations'][number];

export const TRANSLATIONS_KEY = 'products/translations';
const translationsKey = (productId: string, locale: string) => [TRANSLATIONS_KEY, productId, locale] as const;

const getTranslations = endpoint({
  path: 'products/{productId}/translations',
  pathParams: ['productId'],
  request: TranslationsQuerySchema,
  answer: TranslationsAnswerSchema,
});
const patchTranslations = endpoint({
  method: 'PATCH',
  path: 'products/{productId}/translations',
  pathParams: ['productId'],
  request: TranslationsPatchSchema,
  answer: TranslationsSavedSchema,
});

/** GET products/{productId}/translations?locale=: each translatable text with its translation and outdated flag. */
export function useProductTranslations(productId: string, locale: string) {
  return useSWR(
    locale ? translationsKey(productId, locale) : null,
    () => getTranslations({ productId, locale }).then((a) => a.translations),
    {
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
    },
  );
}

/** PATCH products/{productId}/translations; an empty value removes a translation. */
export async function saveProductTranslations(productId: string, locale: string, translations: TranslationPatch[]) {
  const answer = await patchTranslations({ productId, translations });
  await Promise.all([mutate(translationsKey(productId, locale)), mutate(productDetailKey(productId)), mutate(productLogsKey(productId))]);
  return answer;
}
