import { z } from 'zod';
import { MoneyTextSchema } from './money.ts';
import { DaySchema } from './finance.ts';

/** The longest range the dashboard sums at once (two years, and the previous two to compare with). */
export const DASHBOARD_MAX_DAYS = 731;
/** Vendors and products in the top lists. */
export const DASHBOARD_TOP = 5;

export const DASHBOARD_MESSAGES = {
  fromAfterTo: 'The start must not be after the end',
  tooLong: `The range must be at most ${DASHBOARD_MAX_DAYS} days`,
} as const;

/** GET dashboard: from, to, both days in the store's time zone, both included; the last 30 days by default. */
export const DashboardQuerySchema = z.strictObject({ from: DaySchema.optional(), to: DaySchema.optional() });
export type DashboardQuery = z.input<typeof DashboardQuerySchema>;

/**
 * The money figures of a period in one currency, as decimal text, from the marketplace's side:
 * sales = the entries counted in sales (financeConfig's include* when written), net of refunds and
 * cancellations; commission = what the marketplace kept; payouts = what it paid the vendors;
 * refunds = goods refunded to buyers.
 */
export const DashboardFiguresSchema = z.object({
  sales: MoneyTextSchema,
  commission: MoneyTextSchema,
  payouts: MoneyTextSchema,
  refunds: MoneyTextSchema,
});
export type DashboardFigures = z.infer<typeof DashboardFiguresSchema>;

export const DashboardCurrencySchema = z.object({
  currency: z.string(),
  totals: DashboardFiguresSchema,
  /** The same figures over the period of the same length just before. */
  previous: DashboardFiguresSchema,
  /** Every day of the range, in order (zeros included). */
  days: z.array(DashboardFiguresSchema.extend({ day: z.string() })),
  /** By sales; empty for a vendor, who sees only itself. */
  topVendors: z.array(z.object({ vendor: z.string(), sales: MoneyTextSchema })),
  /** By goods sold less refunded. */
  topProducts: z.array(z.object({ productId: z.string().nullable(), title: z.string(), sales: MoneyTextSchema, quantity: z.number() })),
});

export const DashboardOrdersSchema = z.object({
  /** Orders placed in the range (a vendor: its part of them), cancelled ones included. */
  count: z.number(),
  cancelled: z.number(),
  previous: z.object({ count: z.number(), cancelled: z.number() }),
  days: z.array(z.object({ day: z.string(), count: z.number() })),
});

export const DashboardAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  previous: z.object({ from: z.string(), to: z.string() }),
  transactions: z.array(DashboardCurrencySchema),
  orders: DashboardOrdersSchema,
});
export type DashboardAnswer = z.infer<typeof DashboardAnswerSchema>;
