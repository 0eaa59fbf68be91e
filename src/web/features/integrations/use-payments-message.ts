import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/index.ts';

/** The server's and the schemas' English messages in the reader's language: our own under `messages`, the rest as the common texts say. */
export function usePaymentsMessage() {
  const { i18n } = useTranslation('integrations');
  return (message: string | undefined): string => {
    if (!message) return '';
    const own = (i18n.getResource(i18n.language, 'integrations', 'messages') ?? i18n.getResource('en', 'integrations', 'messages')) as Record<string, string> | undefined;
    return own?.[message] ?? translateMessage(message);
  };
}
