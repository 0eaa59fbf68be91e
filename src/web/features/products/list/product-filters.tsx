import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_SORTS, STOCK_FILTERS, type ProductSort } from '#shared/schemas/products';
import { useVendorNames } from '../../../api/vendor-names.ts';
import { controlClass } from '../../settings/form-kit/control-style.ts';
import { useWordingValues } from '../../settings/use-wording-values.ts';
import { useDebouncedValue } from '../../vendors/use-debounced-value.ts';
import { SEARCH_DELAY_MS } from '../../vendors/vendor-search.tsx';
import { isNaturallyDescending, type ListState, type StockFilter } from './list-query.ts';

type FilterChange = Partial<Pick<ListState, 'q' | 'stock' | 'sort' | 'reversed' | 'vendor'>>;

interface ProductFiltersProps {
  state: ListState;
  /** Admins in the marketplace view choose a vendor. */
  withVendor: boolean;
  onChange: (change: FilterChange) => void;
}

const labelClass = 'block text-sm font-medium text-gray-900';

/** Search (written to the address once the typing pauses), stock, sort and order, and the vendor for admins. */
export function ProductFilters({ state, withVendor, onChange }: ProductFiltersProps) {
  const { t } = useTranslation('products');
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

  const order = (sort: ProductSort, reversed: boolean) => {
    const descending = isNaturallyDescending(sort) !== reversed;
    return sort === 'TITLE' ? t(descending ? 'list.order.zToA' : 'list.order.aToZ') : t(descending ? 'list.order.newest' : 'list.order.oldest');
  };
  const vendorOptions = state.vendor && !vendorNames.includes(state.vendor) ? [state.vendor, ...vendorNames] : vendorNames;

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,2fr)_repeat(4,minmax(9rem,1fr))]">
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
        <label htmlFor={`${id}-stock`} className={labelClass}>
          {t('list.filters.stock')}
        </label>
        <select id={`${id}-stock`} value={state.stock} onChange={(event) => onChange({ stock: event.target.value as StockFilter })} className={`mt-1.5 ${controlClass}`}>
          {STOCK_FILTERS.map((stock) => (
            <option key={stock} value={stock}>
              {t(`list.stock.${stock}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-sort`} className={labelClass}>
          {t('list.filters.sort')}
        </label>
        <select id={`${id}-sort`} value={state.sort} onChange={(event) => onChange({ sort: event.target.value as ProductSort, reversed: false })} className={`mt-1.5 ${controlClass}`}>
          {PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`list.sort.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-order`} className={labelClass}>
          {t('list.filters.order')}
        </label>
        <select
          id={`${id}-order`}
          value={state.reversed ? 'reversed' : 'natural'}
          onChange={(event) => onChange({ reversed: event.target.value === 'reversed' })}
          className={`mt-1.5 ${controlClass}`}
        >
          <option value="natural">{order(state.sort, false)}</option>
          <option value="reversed">{order(state.sort, true)}</option>
        </select>
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
