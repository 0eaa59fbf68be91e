import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_SORTS, STOCK_FILTERS, type ProductSort } from '#shared/schemas/products';
import { countActive, FilterSelect, ListFilters, SearchFilter, VendorFilter } from '#web/components/list-filters.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { DEFAULT_LIST_STATE, isNaturallyDescending, type ListState, type StockFilter } from './list-query.ts';

type FilterChange = Partial<Pick<ListState, 'q' | 'stock' | 'sort' | 'reversed' | 'vendor'>>;

interface ProductFiltersProps {
  state: ListState;
  /** Admins in the marketplace view choose a vendor. */
  withVendor: boolean;
  onChange: (change: FilterChange) => void;
}

/** Search (written to the address once the typing pauses), stock, sort and order, and the vendor for admins. */
export function ProductFilters({ state, withVendor, onChange }: ProductFiltersProps) {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  const id = useId();
  const order = (reversed: boolean) => {
    const descending = isNaturallyDescending(state.sort) !== reversed;
    return state.sort === 'TITLE'
      ? t(descending ? 'list.order.zToA' : 'list.order.aToZ')
      : t(descending ? 'list.order.newest' : 'list.order.oldest');
  };
  return (
    <ListFilters
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,2fr)_repeat(4,minmax(9rem,1fr))]"
      search={
        <SearchFilter
          id={`${id}-q`}
          label={t('list.filters.search')}
          placeholder={t('list.filters.searchPlaceholder')}
          value={state.q}
          onSearch={(q) => onChange({ q })}
        />
      }
      active={countActive(state, DEFAULT_LIST_STATE, withVendor ? ['stock', 'sort', 'reversed', 'vendor'] : ['stock', 'sort', 'reversed'])}
    >
      <FilterSelect
        id={`${id}-stock`}
        label={t('list.filters.stock')}
        value={state.stock}
        options={STOCK_FILTERS.map((stock) => ({ value: stock, label: t(`list.stock.${stock}`) }))}
        onChange={(stock: StockFilter) => onChange({ stock })}
      />
      <FilterSelect
        id={`${id}-sort`}
        label={t('list.filters.sort')}
        value={state.sort}
        options={PRODUCT_SORTS.map((sort) => ({ value: sort, label: t(`list.sort.${sort}`) }))}
        onChange={(sort: ProductSort) => onChange({ sort, reversed: false })}
      />
      <FilterSelect
        id={`${id}-order`}
        label={t('list.filters.order')}
        value={state.reversed ? 'reversed' : 'natural'}
        options={[
          { value: 'natural', label: order(false) },
          { value: 'reversed', label: order(true) },
        ]}
        onChange={(value) => onChange({ reversed: value === 'reversed' })}
      />
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
