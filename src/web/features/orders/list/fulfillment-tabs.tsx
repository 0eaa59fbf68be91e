import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FULFILLMENT_FILTERS } from '#shared/schemas/orders';
import { changeFilters, writeOrderListState, type OrderListState } from './list-query.ts';

/** All (the default), Unfulfilled, Fulfilled, Cancelled; links, so the address keeps the tab. */
export function FulfillmentTabs({ state }: { state: OrderListState }) {
  const { t } = useTranslation('orders');
  return (
    <nav aria-label={t('list.tabs.label')} className="relative flex gap-6 overflow-x-auto border-b border-gray-200">
      {FULFILLMENT_FILTERS.map((fulfillment) => {
        const isCurrent = fulfillment === state.fulfillment;
        return (
          <Link
            key={fulfillment}
            to={{ search: writeOrderListState(changeFilters(state, { fulfillment })).toString() }}
            aria-current={isCurrent ? 'page' : undefined}
            className={`-mb-px shrink-0 border-b-2 px-1 pb-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              isCurrent ? 'border-indigo-600 text-indigo-600' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
            }`}
          >
            {t(`list.tabs.${fulfillment}`)}
          </Link>
        );
      })}
    </nav>
  );
}
