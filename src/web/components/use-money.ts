import { useTranslation } from 'react-i18next';
import { formatAmount } from '#shared/money';

/**
 * The one way the app shows an amount: the API's text ("42.50") in its currency, in the reader's
 * language (€ 42,50 in Dutch, $42.50 in English).
 */
export function useMoney() {
  const { i18n } = useTranslation();
  return (amount: string, currency: string) => formatAmount(amount, currency, i18n.language);
}
