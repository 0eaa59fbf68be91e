import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_EXPORTS, LEDGER_KINDS, type TransactionExportQuery } from '#shared/schemas/finance';
import { ORDER_PERIODS, PAYOUT_FILTERS } from '#shared/schemas/orders';
import { AlertText } from '#web/components/alert-text.tsx';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { Button } from '#web/components/button.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { countActive, DayFilter, FilterSelect, ListFilters, SearchFilter, VendorFilter } from '#web/components/list-filters.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { showToast } from '#web/components/toast.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useSession } from '#web/session/use-session.ts';
import { ExportButton, ExportPanel, useExportFlow } from '#web/components/exports/export-flow.tsx';
import { deleteManualPayment, type PayoutLine } from './api/payouts.ts';
import { revalidateTransactions, startTransactionExport, useTransactions, type Transaction } from './api/transactions.ts';
import {
  DEFAULT_FINANCE_STATE,
  isFiltered,
  readFinanceState,
  toTransactionQuery,
  writeFinanceState,
  type FinanceListState,
} from './list-state.ts';
import { PayoutDialog } from './payout-dialog.tsx';
import { PayoutExceptions } from './payout-exceptions.tsx';
import { TotalsCards } from './totals-cards.tsx';
import { TransactionTable } from './transaction-table.tsx';
import { PayableChooser } from './payable-chooser.tsx';
import { VendorBalance } from './vendor-balance.tsx';
import { FinanceTabs } from './finance-tabs.tsx';

/**
 * /app/finance: the caller's ledger entries (a vendor its own; an admin every vendor's or one),
 * filtered and paged in the address, with their totals; admins choose payable orders and pay
 * them, and delete a manual payment.
 */
export function FinancePage() {
  const { t } = useTranslation('finance');
  usePageTitle(t('title'));
  const user = useSession();
  const isAdmin = !!user?.admin;
  const withVendor = isAdmin && !!user?.marketplaceView;
  const [params, setParams] = useSearchParams();
  const state = readFinanceState(params);
  const query = toTransactionQuery(state, { withVendor });
  const { data, error, isLoading, mutate } = useTransactions(query);
  const [choosing, setChoosing] = useState(false);
  const [lines, setLines] = useState<PayoutLine[]>([]);
  const [paying, setPaying] = useState(false);
  const [deleting, setDeleting] = useState<Transaction | null>(null);
  const [report, setReport] = useState<(typeof ADMIN_EXPORTS)[number]>('all-transactions');

  const go = (next: FinanceListState, replace = false) => setParams(writeFinanceState(next), { replace });
  const change = (patch: Partial<Omit<FinanceListState, 'page'>>) => go({ ...state, ...patch, page: 1 }, 'q' in patch);
  const transactions = data?.transactions ?? [];
  // The export-ready e-mail links here with ?export=<id>; closing the panel drops it from the address.
  const exportFlow = useExportFlow({
    kind: 'transactions',
    start: startTransactionExport,
    followId: params.get('export'),
    onDismiss: () => go(state, true),
  });
  const { page: _page, ...filters } = query;
  const exportQuery: TransactionExportQuery = isAdmin ? { ...filters, adminExport: report } : filters;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
        <div className="flex flex-wrap items-end gap-3">
          {isAdmin && (
            <FilterSelect
              id="finance-report"
              label={t('export.report')}
              value={report}
              options={ADMIN_EXPORTS.map((r) => ({ value: r, label: t(`export.${r}`) }))}
              onChange={setReport}
            />
          )}
          <ExportButton flow={exportFlow} query={exportQuery} />
          {isAdmin && <Button onClick={() => setChoosing(true)}>{t('pay.title')}</Button>}
        </div>
      </div>
      <FinanceTabs />
      <ExportPanel flow={exportFlow} words={{ item: t('export.item'), items: t('export.items') }} />

      {isAdmin && <PayoutExceptions />}

      {!isAdmin && (
        <VendorBalance
          aggs={data?.aggs}
          onShowDue={() => change({ payout: 'due', payment: 'all', period: 'all' })}
          onShowPayouts={() => change({ payment: 'payout', payout: 'all', period: 'all' })}
        />
      )}

      <ListFilters
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        search={
          <SearchFilter
            id="finance-q"
            label={t('filters.q')}
            placeholder={t('filters.qPlaceholder')}
            value={state.q}
            onSearch={(q) => change({ q })}
          />
        }
        active={countActive(
          state,
          DEFAULT_FINANCE_STATE,
          withVendor ? ['period', 'from', 'to', 'payment', 'payout', 'vendor'] : ['period', 'from', 'to', 'payment', 'payout'],
        )}
      >
        <FilterSelect
          id="finance-period"
          label={t('filters.period')}
          value={state.period}
          options={ORDER_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
          onChange={(period) => change({ period, from: '', to: '' })}
        />
        <DayFilter id="finance-from" label={t('filters.from')} value={state.from} max={state.to} onChange={(from) => change({ from })} />
        <DayFilter id="finance-to" label={t('filters.to')} value={state.to} min={state.from} onChange={(to) => change({ to })} />
        <FilterSelect
          id="finance-payment"
          label={t('filters.payment')}
          value={state.payment}
          options={(['all', ...LEDGER_KINDS] as const).map((k) => ({
            value: k,
            label: k === 'all' ? t('filters.allKinds') : t(`kinds.${k}`),
          }))}
          onChange={(payment) => change({ payment })}
        />
        <FilterSelect
          id="finance-payout"
          label={t('filters.payout')}
          value={state.payout}
          options={PAYOUT_FILTERS.map((p) => ({ value: p, label: t(`payout.${p}`) }))}
          onChange={(payout) => change({ payout })}
        />
        {withVendor && (
          <VendorFilter
            id="finance-vendor"
            label={t('filters.vendor')}
            allLabel={t('filters.allVendors')}
            value={state.vendor}
            onChange={(vendor) => change({ vendor })}
          />
        )}
      </ListFilters>

      {data && <TotalsCards aggs={data.aggs} reader={isAdmin ? 'marketplace' : 'vendor'} />}

      {isLoading && !data ? (
        <LoadingBlock />
      ) : error && !data ? (
        <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} boxed />
      ) : transactions.length === 0 ? (
        <div className="rounded-lg bg-white px-6 py-12 text-center shadow-xs ring-1 ring-gray-900/5" data-testid="finance-empty">
          <p className="text-base font-semibold text-gray-900">{isFiltered(state) ? t('empty.filtered') : t('empty.none')}</p>
          {isFiltered(state) && (
            <Button variant="secondary" className="mt-4" onClick={() => go(DEFAULT_FINANCE_STATE)}>
              {t('empty.clear')}
            </Button>
          )}
        </div>
      ) : (
        <>
          {error && <AlertText>{errorMessage(error)}</AlertText>}
          <TransactionTable
            transactions={transactions}
            showVendor={withVendor}
            isBusy={isLoading}
            onDelete={isAdmin ? setDeleting : undefined}
          />
          <Pager page={state.page} pageCount={data?.pageCount ?? 1} onPage={(page) => go({ ...state, page })} />
        </>
      )}

      {isAdmin && (
        <>
          <PayableChooser
            open={choosing}
            vendor={withVendor ? state.vendor : ''}
            onClose={() => setChoosing(false)}
            onChosen={(chosen) => {
              setLines(chosen);
              setChoosing(false);
              setPaying(true);
            }}
          />
          <PayoutDialog open={paying} lines={lines} onClose={() => setPaying(false)} onPaid={() => void revalidateTransactions()} />
          <ConfirmDialog
            open={!!deleting}
            title={t('delete.title')}
            confirmLabel={t('delete.confirm')}
            onClose={() => setDeleting(null)}
            onConfirm={async () => {
              await deleteManualPayment({ transactionId: deleting!.id });
              showToast('success', t('delete.done'));
              await revalidateTransactions();
            }}
          >
            {deleting &&
              t('delete.text', { vendor: deleting.vendor, amount: deleting.amount.replace(/^-/, ''), currency: deleting.currency })}
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}

function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation('finance');
  if (pageCount <= 1 && page <= 1) return null;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <nav aria-label={t('paging.label')} className="flex flex-wrap items-center justify-between gap-4">
      <p className="text-sm text-gray-600">{t('paging.page', { page: number(page), pageCount: number(pageCount) })}</p>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => onPage(Math.min(page - 1, pageCount))} disabled={page <= 1}>
          {t('paging.previous')}
        </Button>
        <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
          {t('paging.next')}
        </Button>
      </div>
    </nav>
  );
}
