import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#web/components/format-date.ts';
import { formatPriceRange } from '#web/components/format-price-range.ts';

/** Amounts arrive as text in major units ("18.00"), shown in the offer's currency in the reader's language. */
export function useOfferFormat() {
  const { i18n } = useTranslation();
  return {
    money: (amount: string, currency: string) => formatPriceRange(amount, amount, currency, i18n.language),
    when: (iso: string) => formatDateTime(iso),
  };
}
