import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_STATUS_FILTERS } from '#shared/schemas/products';
import { useProductCount, type ProductListQuery } from '../api/list-products.ts';
import { formatCount, type TabCount } from '../../../components/format-count.ts';
import { changeFilters, toListQuery, writeListState, type ListState, type StatusFilter } from './list-query.ts';


/** The counts of every tab for the current filters: the shown tab's from its page, the others' from a one-product page. */
export function useTabCounts(state: ListState, withVendor: boolean, shown: TabCount | undefined): Record<StatusFilter, TabCount | undefined> {
  const queryFor = (status: StatusFilter): ProductListQuery | null =>
    status === state.status ? null : toListQuery(changeFilters(state, { status }), { withVendor });
  const draft = useProductCount(queryFor('DRAFT'));
  const active = useProductCount(queryFor('ACTIVE'));
  const archived = useProductCount(queryFor('ARCHIVED'));
  const all = useProductCount(queryFor('ALL'));
  const counts = { DRAFT: draft, ACTIVE: active, ARCHIVED: archived, ALL: all };
  return { ...counts, [state.status]: shown };
}

/** Draft (the default), Active, Archived and All, each with its count; links, so the address keeps the tab. */
export function StatusTabs({ state, counts }: { state: ListState; counts: Record<StatusFilter, TabCount | undefined> }) {
  const { t, i18n } = useTranslation('products');
  return (
    <nav aria-label={t('list.tabs.label')} className="relative flex gap-6 overflow-x-auto border-b border-gray-200">
      {PRODUCT_STATUS_FILTERS.map((status) => {
        const isCurrent = status === state.status;
        const count = counts[status];
        return (
          <Link
            key={status}
            to={{ search: writeListState(changeFilters(state, { status })).toString() }}
            aria-current={isCurrent ? 'page' : undefined}
            className={`-mb-px flex shrink-0 items-center gap-2 border-b-2 px-1 pb-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              isCurrent ? 'border-indigo-600 text-indigo-600' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
            }`}
          >
            {t(`list.tabs.${status}`)}
            {count && (
              <span
                data-testid={`count-${status}`}
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${isCurrent ? 'bg-indigo-100 text-indigo-700' : 'bg-gray-100 text-gray-700'}`}
              >
                {formatCount(count, i18n.language)}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
