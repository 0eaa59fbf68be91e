import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { CardTable } from '#web/components/card-table.tsx';
import type { Transaction } from './api/transactions.ts';
import { PayoutInvoiceButton } from './payout-invoice-button.tsx';
import { useFinanceFormat } from './use-finance-format.ts';

interface TransactionTableProps {
  transactions: Transaction[];
  showVendor: boolean;
  /** Admins: deleting a manual payment. */
  onDelete?: (transaction: Transaction) => void;
  isBusy: boolean;
}

/** The ledger's entries, newest first: a table, a card each on a phone. */
export function TransactionTable({ transactions, showVendor, onDelete, isBusy }: TransactionTableProps) {
  const { t } = useTranslation('finance');
  const format = useFinanceFormat();
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-xs ring-1 ring-gray-900/5" aria-busy={isBusy || undefined}>
      <CardTable
        className="min-w-full divide-y divide-gray-200 text-sm"
        labels={[
          t('table.date'),
          t('table.order'),
          ...(showVendor ? [t('table.vendor')] : []),
          t('table.kind'),
          t('table.amount'),
          t('table.payout'),
          null,
        ]}
      >
        <caption className="sr-only">{t('table.caption')}</caption>
        <thead className="bg-gray-50 text-left text-xs font-semibold text-gray-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('table.date')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('table.order')}
            </th>
            {showVendor && (
              <th scope="col" className="px-3 py-2">
                {t('table.vendor')}
              </th>
            )}
            <th scope="col" className="px-3 py-2">
              {t('table.kind')}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t('table.amount')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('table.payout')}
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {transactions.map((tx) => {
            const deletable = tx.kind === 'manual_payment' && !tx.reversesId;
            // Money paid out (by hand or through a provider) leaves the balance (the sign says so) but is no loss to anyone: not in red.
            const paidOut = tx.kind === 'manual_payment' || tx.kind === 'payout';
            // A payment settles orders: its commission invoice, for the vendor and admins.
            const invoiced = paidOut && !!tx.payoutId && !tx.reversesId;
            return (
              <tr key={tx.id} data-testid="transaction-row">
                <td className="whitespace-nowrap px-3 py-2 text-gray-600">{format.date(tx.occurredAt)}</td>
                <td className="whitespace-nowrap px-3 py-2 font-medium text-gray-900">{tx.orderName || '—'}</td>
                {showVendor && <td className="whitespace-nowrap px-3 py-2 text-gray-900">{tx.vendor}</td>}
                <td className="whitespace-nowrap px-3 py-2 text-gray-900">
                  {t(`kinds.${tx.kind}`)}
                  {tx.reversesId && <span className="ml-1 text-xs text-gray-600">({t('table.reversal')})</span>}
                  {tx.memo && <span className="block text-xs text-gray-600">{tx.memo}</span>}
                </td>
                <td
                  className={`whitespace-nowrap px-3 py-2 text-right tabular-nums ${tx.amount.startsWith('-') && !paidOut ? 'text-red-700' : 'text-gray-900'}`}
                >
                  {format.money(tx.amount, tx.currency)}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-gray-600">{tx.payout ? t(`payout.${tx.payout}`) : '—'}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  {/* Nothing at all when there is no action: a phone's card leaves the empty cell out. */}
                  {(invoiced || (onDelete && deletable)) && (
                    <span className="inline-flex items-start gap-2">
                      {invoiced && (
                        <PayoutInvoiceButton
                          payoutId={tx.payoutId!}
                          description={t('invoice.label', {
                            amount: format.money(tx.amount.replace(/^-/, ''), tx.currency),
                            date: format.date(tx.occurredAt),
                          })}
                        />
                      )}
                      {onDelete && deletable && (
                        <Button variant="secondary" onClick={() => onDelete(tx)}>
                          {t('delete.button')}
                        </Button>
                      )}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </CardTable>
    </div>
  );
}
