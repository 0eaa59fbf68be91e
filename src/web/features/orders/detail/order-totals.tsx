import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../api/order-detail.ts';
import { useMoney } from '#web/components/use-money.ts';
import { EditorSection } from '#web/components/editor-section.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';

/** The money of this vendor's part: what the buyer paid for it, the marketplace's commission and what the vendor keeps. */
export function OrderTotals({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const words = useWordingValues();
  const money = useMoney();
  const rows = [
    [t('detail.totals.subtotal'), order.subtotal],
    [t('detail.totals.discount'), order.discount],
    [t('detail.totals.shipping'), order.shipping],
    [t('detail.totals.tax'), order.tax],
    [words.Commission, order.commission],
    [t('detail.totals.vendorShare', words), order.vendorShare],
  ] as const;
  return (
    <EditorSection title={t('detail.totals.title')}>
      <dl className="divide-y divide-gray-100 text-sm">
        {rows.map(([label, value], index) => (
          <div key={index} className="flex justify-between gap-4 py-2 first:pt-0 last:pb-0 last:font-semibold">
            <dt className="text-gray-600">{label}</dt>
            <dd className="text-gray-900 tabular-nums">{money(value, order.currency)}</dd>
          </div>
        ))}
      </dl>
    </EditorSection>
  );
}
