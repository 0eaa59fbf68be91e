import { WordingsSchema, type Wordings } from '#shared/schemas/registration';

/** The spec's default words until the store's own have loaded. */
export const DEFAULT_WORDINGS: Wordings = WordingsSchema.parse({});

/** A store word at the start of a label ("vendor" → "Vendor"). */
export function capitalize(word: string): string {
  return word ? word[0].toLocaleUpperCase() + word.slice(1) : word;
}
