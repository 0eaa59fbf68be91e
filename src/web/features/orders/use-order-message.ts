import { useTranslation } from 'react-i18next';
import { useMessageText } from '../settings/form-kit/use-message-text.ts';

const ns = 'orders';

/**
 * The orders schemas and calls speak English ("More than is left to fulfil"): their messages are
 * translated under `messages` of the orders texts, keyed by the English text (read as a whole
 * object, so texts with colons need no escaping); the rest as the settings forms translate theirs.
 */
export function useOrderMessage() {
  const { i18n } = useTranslation(ns);
  const text = useMessageText();
  return (message: string | undefined): string => {
    if (!message) return '';
    const own = (i18n.getResource(i18n.language, ns, 'messages') ?? i18n.getResource('en', ns, 'messages')) as Record<string, string> | undefined;
    return own?.[message] ?? text(message);
  };
}
