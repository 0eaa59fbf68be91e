import { z } from 'zod';
import { MoneyTextSchema } from './money.ts';

/** A statement's month on the store's clock: YYYY-MM. */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const STATEMENT_MESSAGES = {
  month: 'Must be a month like 2026-03',
  year: 'Must be a year like 2025',
  chooseVendor: 'Choose a vendor',
} as const;

export const StatementMonthSchema = z.string().regex(MONTH, STATEMENT_MESSAGES.month);
export const StatementParamsSchema = z.object({ month: z.string().max(20) });

export const STATEMENT_FORMATS = ['json', 'pdf', 'csv'] as const;
/** GET statements/{month}: json (the screen), pdf or csv (files); an admin names the vendor. */
export const StatementQuerySchema = z.strictObject({
  format: z.enum(STATEMENT_FORMATS).default('json'),
  requestedVendor: z.string().trim().max(200).optional(),
});
export type StatementQuery = z.input<typeof StatementQuerySchema>;

/**
 * The lines between the opening and the closing balance, in this order: every kind of entry that
 * moves a vendor's balance has one, so opening + lines = closing to the cent.
 */
export const STATEMENT_LINES = ['sales', 'discounts', 'shipping', 'tax', 'commission', 'refunds', 'fees', 'labelCosts', 'payouts'] as const;
export type StatementLine = (typeof STATEMENT_LINES)[number];

/** One currency of a vendor's month: signed decimal texts from the vendor's side (+ owed to the vendor). */
export const StatementSectionSchema = z.object({
  currency: z.string(),
  openingBalance: MoneyTextSchema,
  sales: MoneyTextSchema,
  discounts: MoneyTextSchema,
  shipping: MoneyTextSchema,
  tax: MoneyTextSchema,
  commission: MoneyTextSchema,
  refunds: MoneyTextSchema,
  fees: MoneyTextSchema,
  labelCosts: MoneyTextSchema,
  payouts: MoneyTextSchema,
  closingBalance: MoneyTextSchema,
  entries: z.number(),
});
export type StatementSection = z.infer<typeof StatementSectionSchema>;

export const StatementAnswerSchema = z.object({
  vendor: z.string(),
  month: z.string(),
  /** The first and last day of the month, and the zone its days are counted in (the store's). */
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** One per currency the vendor had money in by the month's end; empty: nothing to state. */
  sections: z.array(StatementSectionSchema),
});
export type StatementAnswer = z.infer<typeof StatementAnswerSchema>;

/** POST annual-report/export?year=: the admin's per-vendor year (DAC7, 1099-K), as a CSV export. */
export const AnnualReportQuerySchema = z.strictObject({
  year: z.coerce
    .number({ error: STATEMENT_MESSAGES.year })
    .int(STATEMENT_MESSAGES.year)
    .min(2000, STATEMENT_MESSAGES.year)
    .max(2100, STATEMENT_MESSAGES.year),
});
export type AnnualReportQuery = z.input<typeof AnnualReportQuerySchema>;

export const ANNUAL_REPORT_COLUMNS = [
  'Vendor',
  'Legal Name',
  'Tax ID',
  'Address',
  'Country',
  'Year',
  'Currency',
  'Gross Sales',
  'Number of Sales',
  'Refunds',
  'Fees',
  'Payouts',
] as const;
