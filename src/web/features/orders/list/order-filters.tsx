import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_PERIODS, PAYOUT_FILTERS } from '#shared/schemas/orders';
import { countActive, DayFilter, FilterSelect, ListFilters, SearchFilter, VendorFilter } from '#web/components/list-filters.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { DEFAULT_ORDER_LIST_STATE, type OrderListState, type OrderPeriod, type PayoutFilter } from './list-query.ts';

type FilterChange = Partial<Omit<OrderListState, 'page' | 'fulfillment'>>;

interface OrderFiltersProps {
  state: OrderListState;
  /** Admins in the marketplace view choose a vendor. */
  withVendor: boolean;
  onChange: (change: FilterChange) => void;
}

/** Search (written to the address once the typing pauses), payout, period, a day range, and the vendor for admins. */
export function OrderFilters({ state, withVendor, onChange }: OrderFiltersProps) {
  const { t } = useTranslation('orders');
  const words = useWordingValues();
  const id = useId();
  return (
    <ListFilters
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,2fr)_repeat(5,minmax(8rem,1fr))]"
      search={
        <SearchFilter
          id={`${id}-q`}
          label={t('list.filters.search')}
          placeholder={t('list.filters.searchPlaceholder')}
          value={state.q}
          onSearch={(q) => onChange({ q })}
        />
      }
      active={countActive(
        state,
        DEFAULT_ORDER_LIST_STATE,
        withVendor ? ['payout', 'period', 'from', 'to', 'vendor'] : ['payout', 'period', 'from', 'to'],
      )}
    >
      <FilterSelect
        id={`${id}-payout`}
        label={t('list.filters.payout')}
        value={state.payout}
        options={PAYOUT_FILTERS.map((payout) => ({ value: payout, label: t(`list.payoutFilter.${payout}`) }))}
        onChange={(payout: PayoutFilter) => onChange({ payout })}
      />
      <FilterSelect
        id={`${id}-period`}
        label={t('list.filters.period')}
        value={state.period}
        options={ORDER_PERIODS.map((period) => ({ value: period, label: t(`list.period.${period}`) }))}
        onChange={(period: OrderPeriod) => onChange({ period })}
      />
      <DayFilter
        id={`${id}-from`}
        label={t('list.filters.from')}
        value={state.from}
        max={state.to}
        onChange={(from) => onChange({ from })}
      />
      <DayFilter id={`${id}-to`} label={t('list.filters.to')} value={state.to} min={state.from} onChange={(to) => onChange({ to })} />
      {withVendor && (
        <VendorFilter
          id={`${id}-vendor`}
          label={words.Vendor}
          allLabel={t('list.filters.allVendors', words)}
          value={state.vendor}
          onChange={(vendor) => onChange({ vendor })}
        />
      )}
    </ListFilters>
  );
}
