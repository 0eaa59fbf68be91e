import { useTranslation } from 'react-i18next';
import { WordingsSchema, wordingsIn, type Wordings, type WordingsByLanguage } from '#shared/schemas/registration';

/** The spec's default words until the store's own have loaded. */
export const DEFAULT_WORDINGS: Wordings = WordingsSchema.parse({});

/** A store word at the start of a label ("vendor" → "Vendor"). */
export function capitalize(word: string): string {
  return word ? word[0].toLocaleUpperCase() + word.slice(1) : word;
}

/** A store's words (app/info, or the public registration answer) in the reader's language; the language's plain words until it has loaded. */
export function useWordingsIn(store: { wordings: Wordings; wordingsByLanguage?: WordingsByLanguage } | undefined): Wordings {
  const { i18n } = useTranslation();
  return wordingsIn(i18n.resolvedLanguage ?? i18n.language, store?.wordings ?? DEFAULT_WORDINGS, store?.wordingsByLanguage);
}
