import { useTranslation } from 'react-i18next';
import { formatDay } from '#web/components/format-date.ts';
import { formatPriceRange } from '#web/components/format-price-range.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { useVendorPayouts } from '../api/vendor-overview.ts';
import { VendorSection } from './vendor-section.tsx';

/** What the marketplace owes the vendor in each currency, what it holds back still, and what it paid out. */
export function VendorMoneySection({ vendor }: { vendor: string }) {
  const { t, i18n } = useTranslation('vendors');
  const words = useWordingValues();
  const { data, error, isLoading } = useVendorPayouts(vendor);
  const money = (amount: string, currency: string) => formatPriceRange(amount, amount, currency, i18n.language);
  return (
    <VendorSection
      title={t('detail.money.title')}
      more={{ to: `/finance?${new URLSearchParams({ vendor, period: 'all' })}`, label: t('detail.money.all') }}
      isLoading={isLoading}
      error={error}
    >
      {data && data.figures.length === 0 && <p className="text-gray-600">{t('detail.money.empty', words)}</p>}
      {data?.figures.map((figures) => (
        <dl key={figures.currency} className="grid grid-cols-1 gap-2 py-1 sm:grid-cols-3" data-testid="vendor-money">
          <div>
            <dt className="text-gray-600">{t('detail.money.available')}</dt>
            <dd className="font-semibold text-gray-900 tabular-nums">{money(figures.available, figures.currency)}</dd>
          </div>
          <div>
            <dt className="text-gray-600">{t('detail.money.pending')}</dt>
            <dd className="font-semibold text-gray-900 tabular-nums">
              {money(figures.pending, figures.currency)}
              {figures.pendingUntil && (
                <span className="block text-xs font-normal text-gray-600">
                  {t('detail.money.pendingUntil', { date: formatDay(figures.pendingUntil) })}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-gray-600">{t('detail.money.paid')}</dt>
            <dd className="font-semibold text-gray-900 tabular-nums">{money(figures.paid, figures.currency)}</dd>
          </div>
        </dl>
      ))}
    </VendorSection>
  );
}
