import { useTranslation } from 'react-i18next';
import { MSG } from '#shared/messages';
import { translateMessage } from '../../i18n/index.ts';

/** Shared-schema texts that are not in MSG but reach the registration form. */
const OTHER_MESSAGES: Record<string, string> = { 'Choose one of the options': 'chooseOption' };

const keyByText = new Map<string, string>([
  ...Object.entries(MSG).map(([key, text]) => [text, key] as const),
  ...Object.entries(OTHER_MESSAGES),
]);

/**
 * Messages arrive in English from the shared schemas and the server. The upload and registration
 * ones are translated here; the general ones ("Required field", "Unknown store") by the common
 * namespace; anything else is shown as the server wrote it.
 */
export function useMessageText() {
  const { t, i18n } = useTranslation('registration');
  return (message: string) => {
    const key = keyByText.get(message);
    return key && i18n.exists(`messages.${key}`, { ns: 'registration' }) ? t(`messages.${key}`) : translateMessage(message);
  };
}
