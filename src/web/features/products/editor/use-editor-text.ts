import { useTranslation } from 'react-i18next';
import { translateMessage } from '#web/i18n/index.ts';

/** The shared product schema's messages that carry a number, and the key of their translation. */
const PATTERNS: [RegExp, string, string][] = [
  [/^Title must be at least (\d+) characters$/, 'titleTooShort', 'n'],
  [/^Title must be at most (\d+) characters$/, 'titleTooLong', 'n'],
  [/^Description must be at least (\d+) characters$/, 'descriptionTooShort', 'n'],
  [/^Description must be at most (\d+) characters$/, 'descriptionTooLong', 'n'],
  [/^Add at least (\d+) images?$/, 'tooFewImages', 'n'],
  [/^Add at most (\d+) images?$/, 'tooManyImages', 'n'],
  [/^Must have at most (\d+) decimals$/, 'tooManyDecimals', 'n'],
  [/^Must be at most (\d+) characters$/, 'tooLong', 'n'],
];

/**
 * The shared schema and the server speak English. The product messages are translated under
 * `editor.messages` of the products texts, keyed by the English text (read as a whole object, so
 * texts with dots need no escaping); those with numbers by pattern; anything else goes to the
 * common namespace, then shows as is.
 */
export function useEditorText() {
  const { t, i18n } = useTranslation('products');
  return (message: string | undefined): string => {
    if (!message) return '';
    const own = (i18n.getResource(i18n.language, 'products', 'editor.messages') ?? i18n.getResource('en', 'products', 'editor.messages')) as
      | Record<string, string>
      | undefined;
    if (own?.[message]) return own[message];
    for (const [pattern, key, name] of PATTERNS) {
      const match = pattern.exec(message);
      if (match) return t(`editor.numberedMessages.${key}`, { [name]: Number(match[1]) });
    }
    return translateMessage(message);
  };
}
