import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dayIn } from '#shared/days';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { DayFilter } from '#web/components/list-filters.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { formatDay } from '#web/components/format-date.ts';
import { useSession } from '#web/session/use-session.ts';
import { useDashboard, type DashboardAnswer } from './api/get-dashboard.ts';
import { MoneyChart, OrdersChart, TopChart } from './dashboard-charts.tsx';
import { changePercent, presetRange, RANGE_PRESETS, type RangePreset } from './range-presets.ts';
import { useAmounts } from './use-amounts.ts';

const DEFAULT_PRESET: RangePreset = 'last30';

/**
 * On the home screen (below the welcome and what waits) while the store has the dashboard on: the caller's sales, commission, refunds,
 * payouts and orders over a range (a preset or custom days, in the address), against the period
 * before, with charts per day and the top vendors and products.
 */
/** A store-clock day in the reader's language (read as UTC, so no zone moves it). */

export function DashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const user = useSession();
  const [params, setParams] = useSearchParams();
  // The store's clock decides what "today" is; until the first answer names its zone, UTC.
  const [zone, setZone] = useState('UTC');
  const custom = params.get('from') && params.get('to') ? { from: params.get('from')!, to: params.get('to')! } : null;
  const preset = (RANGE_PRESETS as readonly string[]).includes(params.get('range') ?? '')
    ? (params.get('range') as RangePreset)
    : DEFAULT_PRESET;
  const compare = params.get('compare') !== '0';
  const range = custom ?? presetRange(preset, dayIn(zone, new Date()));
  const { data, error, isLoading, mutate } = useDashboard(range);
  if (data && data.timeZone !== zone) setZone(data.timeZone);

  const [draft, setDraft] = useState({ from: range.from, to: range.to });
  const write = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-xl font-bold tracking-tight text-gray-900">{t('title')}</h2>
          {data && (
            <p className="mt-1 text-sm text-gray-600" data-testid="dashboard-range">
              {t('rangeLine', { from: formatDay(data.from, i18n.language), to: formatDay(data.to, i18n.language), zone: data.timeZone })}
            </p>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm text-gray-900">
          <input
            type="checkbox"
            className="size-4 rounded border-gray-300"
            checked={compare}
            onChange={(e) => write({ compare: e.target.checked ? null : '0' })}
          />
          {t('compare')}
        </label>
      </div>

      <div className="flex flex-wrap gap-2" role="group" aria-label={t('presets.label')}>
        {RANGE_PRESETS.map((p) => (
          <Button
            key={p}
            variant={!custom && p === preset ? 'primary' : 'secondary'}
            aria-pressed={!custom && p === preset}
            onClick={() => write({ range: p, from: null, to: null })}
          >
            {t(`presets.${p}`)}
          </Button>
        ))}
      </div>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.from && draft.to) write({ range: null, from: draft.from, to: draft.to });
        }}
      >
        <DayFilter
          id="dashboard-from"
          label={t('custom.from')}
          value={draft.from}
          max={draft.to}
          onChange={(from) => setDraft({ ...draft, from })}
        />
        <DayFilter
          id="dashboard-to"
          label={t('custom.to')}
          value={draft.to}
          min={draft.from}
          onChange={(to) => setDraft({ ...draft, to })}
        />
        <Button type="submit" variant="secondary" disabled={!draft.from || !draft.to || draft.from > draft.to}>
          {t('custom.apply')}
        </Button>
      </form>

      {isLoading && !data ? (
        <LoadingBlock />
      ) : error && !data ? (
        <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} boxed />
      ) : data ? (
        <DashboardBody data={data} compare={compare} showVendors={!!user?.admin && !!user.marketplaceView} />
      ) : null}
    </div>
  );
}

function DashboardBody({ data, compare, showVendors }: { data: DashboardAnswer; compare: boolean; showVendors: boolean }) {
  const { t } = useTranslation('dashboard');
  const [currency, setCurrency] = useState<string | null>(null);
  const figures = data.transactions.find((c) => c.currency === currency) ?? data.transactions[0];
  if (data.orders.count === 0 && !figures) {
    return (
      <div className="rounded-lg bg-white px-6 py-12 text-center shadow-xs ring-1 ring-gray-900/5" data-testid="dashboard-empty">
        <p className="text-base font-semibold text-gray-900">{t('empty.title')}</p>
        <p className="mt-2 text-sm text-gray-600">{t('empty.hint')}</p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {data.transactions.length > 1 && (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('currency')}>
          {data.transactions.map((c) => (
            <Button
              key={c.currency}
              variant={c.currency === figures.currency ? 'primary' : 'secondary'}
              aria-pressed={c.currency === figures.currency}
              onClick={() => setCurrency(c.currency)}
            >
              {c.currency}
            </Button>
          ))}
        </div>
      )}
      <FigureCards data={data} figures={figures} compare={compare} />
      {figures && <MoneyChart figures={figures} />}
      <OrdersChart days={data.orders.days} />
      {figures && (
        <div className="grid gap-6 lg:grid-cols-2">
          {showVendors && (
            <TopChart
              title={t('charts.topVendors')}
              currency={figures.currency}
              rows={figures.topVendors.map((v) => ({ name: v.vendor, sales: v.sales }))}
              testId="top-vendors"
            />
          )}
          <TopChart
            title={t('charts.topProducts')}
            currency={figures.currency}
            rows={figures.topProducts.map((p) => ({ name: p.title, sales: p.sales }))}
            testId="top-products"
          />
        </div>
      )}
    </div>
  );
}

function FigureCards({
  data,
  figures,
  compare,
}: {
  data: DashboardAnswer;
  figures: DashboardAnswer['transactions'][number] | undefined;
  compare: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const amounts = useAmounts(figures?.currency ?? 'USD');
  const count = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const cards: { key: string; value: string; current: number; previous: number; previousText: string }[] = [];
  if (figures) {
    for (const key of ['sales', 'commission', 'refunds', 'payouts'] as const) {
      cards.push({
        key,
        value: amounts.format(figures.totals[key]),
        current: amounts.minor(figures.totals[key]),
        previous: amounts.minor(figures.previous[key]),
        previousText: amounts.format(figures.previous[key]),
      });
    }
  }
  cards.splice(1, 0, {
    key: 'orders',
    value: count(data.orders.count),
    current: data.orders.count,
    previous: data.orders.previous.count,
    previousText: count(data.orders.previous.count),
  });
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {cards.map((card) => {
        const change = changePercent(card.current, card.previous);
        return (
          <div key={card.key} className="rounded-lg bg-white px-4 py-5 shadow-xs ring-1 ring-gray-900/5" data-testid={`card-${card.key}`}>
            <dt className="text-sm font-medium text-gray-600">{t(`cards.${card.key}`)}</dt>
            <dd className="mt-1 text-2xl font-semibold tracking-tight text-gray-900">{card.value}</dd>
            {compare && (
              <dd className="mt-1 text-xs text-gray-600">
                {change === null
                  ? t('previous.none', { value: card.previousText })
                  : t('previous.change', { change: `${change > 0 ? '+' : ''}${change}`, value: card.previousText })}
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
