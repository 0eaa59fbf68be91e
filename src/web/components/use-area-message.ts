import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/index.ts';

/** The server's English messages in the reader's language: an area's own under its `messages`, the rest as the common texts say. */
export function useAreaMessage(namespace: string) {
  const { i18n } = useTranslation(namespace);
  return (message: string | undefined): string => {
    if (!message) return '';
    const own = (i18n.getResource(i18n.language, namespace, 'messages') ?? i18n.getResource('en', namespace, 'messages')) as Record<string, string> | undefined;
    return own?.[message] ?? translateMessage(message);
  };
}
