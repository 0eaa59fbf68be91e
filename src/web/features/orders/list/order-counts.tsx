import { useTranslation } from 'react-i18next';
import type { OrderListAnswer } from '../api/list-orders.ts';
import { formatCount } from '#web/components/format-count.ts';

/** How many orders the filters match, and how many of them are due or paid out ("10,000+" once the server stops counting). */
export function OrderCounts({ counts }: { counts: OrderListAnswer['counts'] }) {
  const { t, i18n } = useTranslation('orders');
  const items = [
    ['count', counts.count],
    ['payoutDue', counts.payoutDue],
    ['payoutPaid', counts.payoutPaid],
  ] as const;
  return (
    <dl aria-label={t('list.counts.label')} className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
      {items.map(([key, count]) => (
        <div key={key} className="flex items-baseline gap-2">
          <dt className="text-gray-600">{t(`list.counts.${key}`)}</dt>
          <dd className="font-semibold text-gray-900 tabular-nums" data-testid={`count-${key}`}>
            {formatCount({ count, capped: counts.capped }, i18n.language)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
