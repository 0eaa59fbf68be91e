import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_STATUS_FILTERS } from '#shared/schemas/products';
import { useProductCount, type ProductListQuery } from '../api/list-products.ts';
import { formatCount, type TabCount } from '#web/components/format-count.ts';
import { changeFilters, toListQuery, WAITING_VIEW, writeListState, type ListState, type StatusFilter } from './list-query.ts';

/** A tab of the list: a status, or the admins' "Waiting for approval" view. */
export type ListTab = StatusFilter | 'WAITING';

const tabOf = (state: ListState): ListTab => (state.approval === 'waiting' ? 'WAITING' : state.status);
const viewOf = (tab: ListTab): Pick<ListState, 'status' | 'approval'> =>
  tab === 'WAITING' ? WAITING_VIEW : { status: tab, approval: 'any' };

/** The counts of every tab for the current filters: the shown tab's from its page, the others' from a one-product page. */
export function useTabCounts(
  state: ListState,
  withVendor: boolean,
  shown: TabCount | undefined,
  isAdmin = false,
): Record<ListTab, TabCount | undefined> {
  const current = tabOf(state);
  const queryFor = (tab: ListTab): ProductListQuery | null =>
    tab === current ? null : toListQuery(changeFilters(state, viewOf(tab)), { withVendor });
  const draft = useProductCount(queryFor('DRAFT'));
  const active = useProductCount(queryFor('ACTIVE'));
  const archived = useProductCount(queryFor('ARCHIVED'));
  const all = useProductCount(queryFor('ALL'));
  const waiting = useProductCount(isAdmin ? queryFor('WAITING') : null);
  const counts = { DRAFT: draft, ACTIVE: active, ARCHIVED: archived, ALL: all, WAITING: waiting };
  return { ...counts, [current]: shown };
}

/**
 * Draft (the default), Active, Archived and All, each with its count, and for admins "Waiting for
 * approval" (what they must review); links, so the address keeps the tab.
 */
export function StatusTabs({
  state,
  counts,
  isAdmin = false,
}: {
  state: ListState;
  counts: Record<ListTab, TabCount | undefined>;
  isAdmin?: boolean;
}) {
  const { t, i18n } = useTranslation('products');
  const current = tabOf(state);
  const tabs: ListTab[] = [...PRODUCT_STATUS_FILTERS, ...(isAdmin ? (['WAITING'] as const) : [])];
  return (
    <nav aria-label={t('list.tabs.label')} className="relative flex gap-6 overflow-x-auto border-b border-gray-200">
      {tabs.map((tab) => {
        const isCurrent = tab === current;
        const count = counts[tab];
        return (
          <Link
            key={tab}
            to={{ search: writeListState(changeFilters(state, viewOf(tab))).toString() }}
            aria-current={isCurrent ? 'page' : undefined}
            className={`-mb-px flex shrink-0 items-center gap-2 border-b-2 px-1 pb-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              isCurrent ? 'border-indigo-600 text-indigo-600' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
            }`}
          >
            {t(`list.tabs.${tab}`)}
            {/* A space, so a screen reader says "Draft 12", not "Draft12". */}
            {count && ' '}
            {count && (
              <span
                data-testid={`count-${tab}`}
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
