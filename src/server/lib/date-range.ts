const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_DAYS = { week: 7, month: 30, year: 365 } as const;

/** [from, to) of a list over time (orders, transactions): from/to days (to included) win over the period; the period counts back from now. */
export function dateRange(query: { period: string; from?: string; to?: string }, now: Date): { from: Date | null; to: Date | null } {
  const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  let from: Date | null = null;
  if (query.period === 'today') from = startOfDay(now);
  else if (query.period in PERIOD_DAYS) from = new Date(now.getTime() - PERIOD_DAYS[query.period as keyof typeof PERIOD_DAYS] * DAY_MS);
  if (query.from) from = new Date(`${query.from}T00:00:00Z`);
  const to = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : null;
  return { from, to };
}
