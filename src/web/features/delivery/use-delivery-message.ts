import { useTranslation } from 'react-i18next';
import { useMessageText } from '../settings/form-kit/use-message-text.ts';

/**
 * The delivery schema's messages ("Country code is required") translated under `messages` of the
 * delivery texts, keyed by the English text; "should be greater than 0" keeps its number; the rest
 * as the settings forms translate theirs.
 */
export function useDeliveryMessage() {
  const { t, i18n } = useTranslation('delivery');
  const text = useMessageText();
  return (message: string | undefined): string => {
    if (!message) return '';
    const bound = /^should be (greater|less) than (.+)$/.exec(message);
    if (bound) return t(bound[1] === 'greater' ? 'bounds.greaterThan' : 'bounds.lessThan', { n: bound[2] });
    const own = (i18n.getResource(i18n.language, 'delivery', 'messages') ?? i18n.getResource('en', 'delivery', 'messages')) as Record<string, string> | undefined;
    return own?.[message] ?? text(message);
  };
}
