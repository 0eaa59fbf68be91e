import { useTranslation } from 'react-i18next';
import { translateMessage } from '#web/i18n/index.ts';

/** A message that carries values ("should be greater than 5"), and the key of its translation in the form's namespace. */
export type MessagePattern = readonly [RegExp, (match: RegExpExecArray) => readonly [key: string, values?: Record<string, string>]];

/**
 * The one way a form shows a message. Messages arrive in English from the shared schemas and the
 * server. A form may name its feature's namespace: its `patterns` (messages with values inside)
 * and its `messages` (keyed by the English text, read as a whole object so texts with dots or
 * colons need no escaping) are tried first; every other message goes to the common namespace,
 * which keeps the messages all forms share under their English text; an unknown one shows as is.
 */
export function useMessageText(namespace?: string, patterns: readonly MessagePattern[] = []) {
  const { t, i18n } = useTranslation(namespace ?? 'common');
  return (message: string | undefined): string => {
    if (!message) return '';
    for (const [pattern, toKey] of patterns) {
      const match = pattern.exec(message);
      if (match) {
        const [key, values] = toKey(match);
        return t(key, values ?? {});
      }
    }
    if (namespace) {
      const own = (i18n.getResource(i18n.language, namespace, 'messages') ?? i18n.getResource('en', namespace, 'messages')) as
        | Record<string, string>
        | undefined;
      if (own?.[message]) return own[message];
    }
    return translateMessage(message);
  };
}
