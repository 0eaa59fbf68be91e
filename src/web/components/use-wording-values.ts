import { useAppInfo } from '../api/app-info.ts';
import { capitalize, DEFAULT_WORDINGS } from './wordings.ts';
import type { Wordings } from '#shared/schemas/registration';

/**
 * The store's words as interpolation values for texts: {{vendors}} in a sentence, {{Vendors}} at
 * the start of a label ("Sellers" when the admin chose "sellers").
 */
export function wordingValues(wordings: Wordings): Record<string, string> {
  return Object.fromEntries(Object.entries(wordings).flatMap(([key, word]) => [[key, word], [capitalize(key), capitalize(word)]]));
}

export function useWordingValues(): Record<string, string> {
  const { data } = useAppInfo();
  return wordingValues(data?.wordings ?? DEFAULT_WORDINGS);
}
