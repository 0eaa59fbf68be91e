import { useTranslation } from 'react-i18next';
import { formatAmount } from '#shared/money';
import { formatDate } from '#web/components/format-date.ts';

/** Amounts (decimal text in a currency) and instants, per the reader's language. */
export function useFinanceFormat() {
  const { i18n } = useTranslation();
  return {
    money: (amount: string, currency: string) => formatAmount(amount, currency, i18n.language),
    date: (iso: string) => formatDate(iso, i18n.language),
  };
}
