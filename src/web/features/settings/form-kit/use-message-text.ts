import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/index.ts';

const ns = 'settings';

/**
 * The shared schemas and the server speak English. The messages the settings and vendors forms can
 * meet are translated under `messages` of the settings texts, keyed by the English text (read as a
 * whole object, so texts with dots or colons need no escaping); anything else goes to the common
 * namespace, then shows as is.
 */
export function useMessageText() {
  const { i18n } = useTranslation(ns);
  return (message: string | undefined): string => {
    if (!message) return '';
    const own = (i18n.getResource(i18n.language, ns, 'messages') ?? i18n.getResource('en', ns, 'messages')) as Record<string, string> | undefined;
    return own?.[message] ?? translateMessage(message);
  };
}
