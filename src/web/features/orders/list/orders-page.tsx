import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useSession } from '#web/session/use-session.ts';
import { ExportButton, ExportPanel, useExportFlow } from '#web/components/exports/export-flow.tsx';
import { startOrderExport, useOrders } from '../api/list-orders.ts';
import { FulfillmentTabs } from './fulfillment-tabs.tsx';
import {
  changeFilters,
  DEFAULT_ORDER_LIST_STATE,
  isFiltered,
  readOrderListState,
  toOrderListQuery,
  writeOrderListState,
  type OrderListState,
} from './list-query.ts';
import { OrderCounts } from './order-counts.tsx';
import { OrderFilters } from './order-filters.tsx';
import { OrderPager } from './order-pager.tsx';
import { OrderTable } from './order-table.tsx';
import { OrdersEmpty } from './orders-empty.tsx';

/**
 * /app/orders: the caller's vendor orders, newest first, by fulfilment tab, filtered and paged, all
 * in the address. Admins in the marketplace view see every vendor's and may filter by vendor.
 */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('title'));
  const user = useSession();
  const withVendor = !!user?.admin && !!user.marketplaceView;
  const [params, setParams] = useSearchParams();
  const state = readOrderListState(params);
  const query = toOrderListQuery(state, { withVendor });
  const { data, error, isLoading, mutate } = useOrders(query);

  const go = (next: OrderListState, replace = false) => setParams(writeOrderListState(next), { replace });
  // The export-ready e-mail links here with ?export=<id>; closing the panel drops it from the address.
  const exportFlow = useExportFlow({
    kind: 'orders',
    start: startOrderExport,
    followId: params.get('export'),
    onDismiss: () => go(state, true),
  });
  // Each search keystroke settling is not a step back worth keeping in the history.
  const changeFilter = (change: Partial<OrderListState>) => go(changeFilters(state, change), 'q' in change);
  const retry = (
    <Button variant="secondary" onClick={() => void mutate()}>
      {t('retry')}
    </Button>
  );
  const orders = data?.orders ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
        <ExportButton flow={exportFlow} query={query} />
      </div>
      <ExportPanel flow={exportFlow} words={{ item: t('export.order'), items: t('export.orders') }} />
      <FulfillmentTabs state={state} />
      <OrderFilters state={state} withVendor={withVendor} onChange={changeFilter} />
      {data && <OrderCounts counts={data.counts} />}

      {isLoading && !data ? (
        <LoadingBlock />
      ) : error && !data ? (
        <div className="flex flex-wrap items-center gap-4 rounded-lg bg-red-50 px-4 py-3 ring-1 ring-red-200">
          <AlertText>{errorMessage(error)}</AlertText>
          {retry}
        </div>
      ) : orders.length === 0 ? (
        <OrdersEmpty
          isFiltered={isFiltered(state)}
          isPastEnd={state.page > 1}
          onClearFilters={() => go(DEFAULT_ORDER_LIST_STATE)}
          onFirstPage={() => go({ ...state, page: 1 })}
        />
      ) : (
        <>
          {error && (
            <div className="flex flex-wrap items-center gap-4">
              <AlertText>{errorMessage(error)}</AlertText>
              {retry}
            </div>
          )}
          <OrderTable orders={orders} caption={t('title')} showVendor={withVendor} isBusy={isLoading} />
        </>
      )}
      {data && <OrderPager page={state.page} pageCount={data.pageCount} onPage={(page) => go({ ...state, page })} />}
    </div>
  );
}
