import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../components/fields/message-text.ts';

const ns = 'vendor-page';

/**
 * The server and the shared schemas speak English. The vendor page's own messages are translated
 * under `messages` of its texts, keyed by the English text (read as one object, so no separator
 * matters); the upload and general ones by the fields' translations; anything else shows as is.
 */
export function usePageMessage() {
  const { i18n } = useTranslation(ns);
  const shared = useMessageText();
  return (message: string | undefined): string => {
    if (!message) return '';
    const own = (i18n.getResource(i18n.language, ns, 'messages') ?? i18n.getResource('en', ns, 'messages')) as Record<string, string> | undefined;
    return own?.[message] ?? shared(message);
  };
}
