import { formatDateTime } from '#web/components/format-date.ts';
import { useMoney } from '#web/components/use-money.ts';

/** Amounts arrive as text in major units ("18.00"), shown in the offer's currency in the reader's language. */
export function useOfferFormat() {
  return {
    money: useMoney(),
    when: (iso: string) => formatDateTime(iso),
  };
}
