import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_PERIODS, PAYOUT_FILTERS } from '#shared/schemas/orders';
import { useVendorNames } from '../../../api/vendor-names.ts';
import { controlClass } from '../../settings/form-kit/control-style.ts';
import { useWordingValues } from '../../settings/use-wording-values.ts';
import { useDebouncedValue } from '../../vendors/use-debounced-value.ts';
import { SEARCH_DELAY_MS } from '../../vendors/vendor-search.tsx';
import type { OrderListState, OrderPeriod, PayoutFilter } from './list-query.ts';

type FilterChange = Partial<Omit<OrderListState, 'page' | 'fulfillment'>>;

interface OrderFiltersProps {
  state: OrderListState;
  /** Admins in the marketplace view choose a vendor. */
  withVendor: boolean;
  onChange: (change: FilterChange) => void;
}

const labelClass = 'block text-sm font-medium text-gray-900';

/** Search (written to the address once the typing pauses), payout, period, a day range, and the vendor for admins. */
export function OrderFilters({ state, withVendor, onChange }: OrderFiltersProps) {
  const { t } = useTranslation('orders');
  const words = useWordingValues();
  const id = useId();
  const vendorNames = useVendorNames(withVendor);
  const [text, setText] = useState(state.q);
  const settled = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);

  // Typing writes the address once it pauses; an address change from elsewhere (back, clear filters)
  // puts its search in the box. Neither depends on the other's setter, so they cannot loop.
  useEffect(() => {
    if (settled !== state.q) onChange({ q: settled });
  }, [settled]);
  useEffect(() => {
    if (state.q !== settled) setText(state.q);
  }, [state.q]);

  const vendorOptions = state.vendor && !vendorNames.includes(state.vendor) ? [state.vendor, ...vendorNames] : vendorNames;

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,2fr)_repeat(5,minmax(8rem,1fr))]">
      <div role="search">
        <label htmlFor={`${id}-q`} className={labelClass}>
          {t('list.filters.search')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('list.filters.searchPlaceholder')}
          className={`mt-1.5 ${controlClass}`}
        />
      </div>
      <div>
        <label htmlFor={`${id}-payout`} className={labelClass}>
          {t('list.filters.payout')}
        </label>
        <select id={`${id}-payout`} value={state.payout} onChange={(event) => onChange({ payout: event.target.value as PayoutFilter })} className={`mt-1.5 ${controlClass}`}>
          {PAYOUT_FILTERS.map((payout) => (
            <option key={payout} value={payout}>
              {t(`list.payoutFilter.${payout}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-period`} className={labelClass}>
          {t('list.filters.period')}
        </label>
        <select id={`${id}-period`} value={state.period} onChange={(event) => onChange({ period: event.target.value as OrderPeriod })} className={`mt-1.5 ${controlClass}`}>
          {ORDER_PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(`list.period.${period}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className={labelClass}>
          {t('list.filters.from')}
        </label>
        <input id={`${id}-from`} type="date" value={state.from} max={state.to || undefined} onChange={(event) => onChange({ from: event.target.value })} className={`mt-1.5 ${controlClass}`} />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={labelClass}>
          {t('list.filters.to')}
        </label>
        <input id={`${id}-to`} type="date" value={state.to} min={state.from || undefined} onChange={(event) => onChange({ to: event.target.value })} className={`mt-1.5 ${controlClass}`} />
      </div>
      {withVendor && (
        <div>
          <label htmlFor={`${id}-vendor`} className={labelClass}>
            {words.Vendor}
          </label>
          <select id={`${id}-vendor`} value={state.vendor} onChange={(event) => onChange({ vendor: event.target.value })} className={`mt-1.5 ${controlClass}`}>
            <option value="">{t('list.filters.allVendors', words)}</option>
            {vendorOptions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
