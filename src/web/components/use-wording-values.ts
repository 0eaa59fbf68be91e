import type { Wordings } from '#shared/schemas/registration';
import { useAppInfo } from '../api/app-info.ts';
import { capitalize, useWordingsIn } from './wordings.ts';

/**
 * The store's words as interpolation values for texts: {{vendors}} in a sentence, {{Vendors}} at
 * the start of a label ("Sellers" when the admin chose "sellers").
 */
export function wordingValues(wordings: Wordings): Record<string, string> {
  return Object.fromEntries(
    Object.entries(wordings).flatMap(([key, word]) => [
      [key, word],
      [capitalize(key), capitalize(word)],
    ]),
  );
}

/** The store's words in the reader's language (the admin's word for it, else the language's plain one). */
export function useStoreWordings(): Wordings {
  return useWordingsIn(useAppInfo().data);
}

export function useWordingValues(): Record<string, string> {
  return wordingValues(useStoreWordings());
}
