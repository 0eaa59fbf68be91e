import { useTranslation } from 'react-i18next';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDay } from '#web/components/format-date.ts';
import type { DashboardAnswer } from './api/get-dashboard.ts';
import { useAmounts } from './use-amounts.ts';

type CurrencyFigures = DashboardAnswer['transactions'][number];

const INDIGO = '#4f46e5';
const ORANGE = '#ea580c';
const GREEN = '#16a34a';

function ChartPanel({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <section className="rounded-lg bg-white p-4 shadow-xs ring-1 ring-gray-900/5" aria-label={title} data-testid={testId}>
      <h2 className="mb-3 text-sm font-semibold text-gray-900">{title}</h2>
      <div className="h-64">{children}</div>
    </section>
  );
}

/** A day as a short date in the reader's language (the day is a store-clock date, so it is read as UTC). */
function useDayLabel() {
  const { i18n } = useTranslation();
  return (day: string) => formatShortDay(day, i18n.language);
}

export function MoneyChart({ figures }: { figures: CurrencyFigures }) {
  const { t } = useTranslation('dashboard');
  const amounts = useAmounts(figures.currency);
  const dayLabel = useDayLabel();
  const data = figures.days.map((d) => ({ day: d.day, sales: amounts.plot(d.sales), commission: amounts.plot(d.commission) }));
  return (
    <ChartPanel title={t('charts.money')} testId="money-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={dayLabel} minTickGap={24} fontSize={12} />
          <YAxis tickFormatter={amounts.formatPlotted} width={80} fontSize={12} />
          <Tooltip labelFormatter={(day) => dayLabel(String(day))} formatter={(value) => amounts.formatPlotted(Number(value))} />
          <Legend />
          <Area type="monotone" dataKey="sales" name={t('cards.sales')} stroke={INDIGO} fill={INDIGO} fillOpacity={0.15} />
          <Area type="monotone" dataKey="commission" name={t('cards.commission')} stroke={ORANGE} fill={ORANGE} fillOpacity={0.15} />
        </AreaChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

export function OrdersChart({ days }: { days: DashboardAnswer['orders']['days'] }) {
  const { t } = useTranslation('dashboard');
  const dayLabel = useDayLabel();
  return (
    <ChartPanel title={t('charts.orders')} testId="orders-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={dayLabel} minTickGap={24} fontSize={12} />
          <YAxis allowDecimals={false} width={40} fontSize={12} />
          <Tooltip labelFormatter={(day) => dayLabel(String(day))} />
          <Bar dataKey="count" name={t('cards.orders')} fill={GREEN} />
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

/** A ranking (top vendors, top products) as horizontal bars of their sales. */
export function TopChart({
  title,
  currency,
  rows,
  testId,
}: {
  title: string;
  currency: string;
  rows: { name: string; sales: string }[];
  testId: string;
}) {
  const { t } = useTranslation('dashboard');
  const amounts = useAmounts(currency);
  const data = rows.map((r) => ({ name: r.name, sales: amounts.plot(r.sales) }));
  return (
    <ChartPanel title={title} testId={testId}>
      {data.length === 0 ? (
        <p className="text-sm text-gray-600">{t('empty.top')}</p>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tickFormatter={amounts.formatPlotted} fontSize={12} />
            <YAxis type="category" dataKey="name" width={120} fontSize={12} />
            <Tooltip formatter={(value) => amounts.formatPlotted(Number(value))} />
            <Bar dataKey="sales" name={t('cards.sales')} fill={INDIGO} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartPanel>
  );
}
