import { z } from 'zod';
import { MoneyTextSchema } from './money.ts';
import { CalendarDateOrInstantSchema, CalendarDateSchema } from './calendar-date.ts';
import { ORDER_PAGE_CAP, ORDER_PERIODS, PAYOUT_FILTERS } from './orders.ts';
import { MSG } from '../messages.ts';
import { ReserveSchema } from './vendor-settings.ts';

/** What a ledger entry records (spec: sale, commission, shipping, tax, discount, refund, label cost, payout, manual payment, adjustment). */
export const LEDGER_KINDS = [
  'sale',
  'commission',
  'shipping',
  'tax',
  'discount',
  'refund',
  'label_cost',
  'payout',
  'manual_payment',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const TRANSACTIONS_PER_PAGE = 25;
export const TRANSACTION_PAGE_CAP = ORDER_PAGE_CAP;
export const TRANSACTION_COUNT_CAP = TRANSACTIONS_PER_PAGE * TRANSACTION_PAGE_CAP;

/** A calendar day as the date filters and the manual payment's date send it. */
export const DaySchema = CalendarDateSchema;

/** GET transactions: page, from, to, period (default week), q, payment, payout, requestedVendor. */
export const TransactionListQuerySchema = z.strictObject({
  page: z.coerce
    .number()
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(TRANSACTION_PAGE_CAP, `Must be at most ${TRANSACTION_PAGE_CAP}`)
    .default(1),
  from: DaySchema.optional(),
  to: DaySchema.optional(),
  period: z.enum(ORDER_PERIODS).default('week'),
  /** An order number or its start ("#1042", "104"). */
  q: z.string().trim().max(200).optional(),
  /** The kind of entry ("all", or one of LEDGER_KINDS; "payout" also finds manual payments). */
  payment: z.enum(['all', ...LEDGER_KINDS]).default('all'),
  /** Whether the vendor order is paid out yet (payments themselves count as paid). */
  payout: z.enum(PAYOUT_FILTERS).default('all'),
  /** An admin's vendor (its name); ignored for vendors, who see their own only. */
  requestedVendor: z.string().trim().max(200).optional(),
});
export type TransactionListQuery = z.input<typeof TransactionListQuerySchema>;

/** What an admin's export holds: one row per vendor and currency (sales-report), or one per entry (all-transactions, the default). */
export const ADMIN_EXPORTS = ['sales-report', 'all-transactions'] as const;
/** POST transactions/export: the list's filters (not its page) plus adminExport. */
export const TransactionExportQuerySchema = TransactionListQuerySchema.omit({ page: true }).extend({
  adminExport: z.enum(ADMIN_EXPORTS).optional(),
});
export type TransactionExportQuery = z.input<typeof TransactionExportQuerySchema>;

export const TransactionSchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed decimal text in `currency`, from the vendor's side (+ owed to the vendor). */
  amount: MoneyTextSchema,
  currency: z.string(),
  vendor: z.string(),
  orderId: z.string().nullable(),
  vendorOrderId: z.string().nullable(),
  orderName: z.string(),
  payoutId: z.string().nullable(),
  /** The vendor order's payout state; "paid" for payments; null for entries of no order. */
  payout: z.enum(PAYOUT_FILTERS).exclude(['all']).nullable(),
  /** Whether it counts in the vendor's balance (financeConfig when it was written). */
  inPayout: z.boolean(),
  reversesId: z.string().nullable(),
  occurredAt: z.string(),
  memo: z.string(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** The totals of the filtered entries in one currency (decimal texts), and the balance of the scope (all time). */
export const TransactionAggsSchema = z.object({
  currency: z.string(),
  count: z.number(),
  /** Goods sold, and refunded (negative). */
  sales: MoneyTextSchema,
  refunds: MoneyTextSchema,
  discount: MoneyTextSchema,
  shipping: MoneyTextSchema,
  tax: MoneyTextSchema,
  /** The marketplace's commission, negative from the vendor's side. */
  commission: MoneyTextSchema,
  labelCosts: MoneyTextSchema,
  payouts: MoneyTextSchema,
  adjustments: MoneyTextSchema,
  /** Sales with tax, shipping and discount as financeConfig's include* flags said when each entry was written. */
  grossSales: MoneyTextSchema,
  /** What the filtered entries add to the vendors' balance. */
  net: MoneyTextSchema,
  /** What the marketplace owes the vendor(s) now: every entry of the scope that counts in payouts, whatever the filters. */
  balance: MoneyTextSchema,
});

export const TransactionListAnswerSchema = z.object({
  transactions: z.array(TransactionSchema),
  count: z.number(),
  pageCount: z.number(),
  aggs: z.array(TransactionAggsSchema),
  /** The oldest entry of the scope (for the date range picker), null when there is none. */
  firstTransactionAt: z.string().nullable(),
});
export type TransactionListAnswer = z.infer<typeof TransactionListAnswerSchema>;

export const PAYOUT_MESSAGES = {
  nothingToPay: 'Nothing to pay',
  belowMinimum: 'Below the minimum payout',
  alreadyPaid: 'Already paid',
  notManual: 'Not a manual payment',
  notFound: 'Transaction not found',
} as const;

/** The vendor orders a payout covers, as the finance screen names them. */
export const PayoutLineSchema = z.strictObject({ orderName: z.string().trim().min(1).max(100), vendor: z.string().trim().min(1).max(200) });
export type PayoutLine = z.infer<typeof PayoutLineSchema>;
export const PayoutLinesSchema = z.array(PayoutLineSchema).min(1, 'Choose what to pay').max(1000);
export const PAYOUT_METHODS = ['manual', 'stripe', 'paypal'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PreparePayoutBodySchema = z.strictObject({ payoutLines: PayoutLinesSchema });
export const PayoutAllocationSchema = z.object({
  vendor: z.string(),
  currency: z.string(),
  /** What paying these lines pays: the vendor's balance less what its other due orders hold (decimal text). */
  amount: MoneyTextSchema,
  orderNames: z.array(z.string()),
  /** false when there is nothing to pay (the amount is 0 or less, e.g. after a refund of a paid order) or it is below the minimum payout. */
  payable: z.boolean(),
  /** How this vendor can be paid: by hand, and each provider the store has keys for and the vendor connected. */
  methods: z.array(z.enum(PAYOUT_METHODS)),
});
export const PreparePayoutAnswerSchema = z.object({
  /** Stripe's available platform balance in the payout's currency (the store's when several); null while Stripe is not connected or not reachable. */
  stripeBalance: z.object({ amount: MoneyTextSchema, currency: z.string() }).nullable(),
  total: z.array(z.object({ currency: z.string(), amount: MoneyTextSchema })),
  allocations: z.array(PayoutAllocationSchema),
});
export type PreparedPayout = z.infer<typeof PreparePayoutAnswerSchema>;

export const PayBodySchema = z.strictObject({
  payoutLines: PayoutLinesSchema,
  /** The method per vendor name; manual when absent. */
  methods: z.record(z.string(), z.enum(PAYOUT_METHODS)).default({}),
  manual: z
    .strictObject({ paidAt: CalendarDateOrInstantSchema.optional(), details: z.string().trim().max(1000).default('') })
    .default({ details: '' }),
});
export type PayBody = z.input<typeof PayBodySchema>;
export const PayAnswerSchema = z.object({
  results: z.array(
    z.object({
      vendor: z.string(),
      currency: z.string(),
      amount: MoneyTextSchema,
      method: z.enum(PAYOUT_METHODS),
      /** pending: recorded, the provider has not confirmed it yet (the recovery asks it again). */
      status: z.enum(['paid', 'failed', 'pending']),
      /** The payment's ledger entry (the transactionId DELETE payment/manual takes for a manual one), when recorded. */
      transactionId: z.string().nullable(),
      message: z.string().nullable(),
    }),
  ),
});
export type PayAnswer = z.infer<typeof PayAnswerSchema>;
export const DeleteManualPaymentBodySchema = z.strictObject({ transactionId: z.uuid({ error: PAYOUT_MESSAGES.notFound }) });
/** The reversed entry and the reversing one. */
export const DeleteManualPaymentAnswerSchema = z.object({ transactionId: z.string(), reversedBy: z.string() });

/** GET payouts/summary: an admin's vendor (its name); ignored for vendors. */
export const PayoutSummaryQuerySchema = z.strictObject({ requestedVendor: z.string().trim().max(200).optional() });
/** A vendor's money in one currency: available now, pending (held until a day), and paid out (decimal texts). */
export const PayoutFiguresSchema = z.object({
  vendor: z.string(),
  currency: z.string(),
  available: MoneyTextSchema,
  pending: MoneyTextSchema,
  /** The day the first held order ends its hold (null when none is fulfilled yet). */
  pendingUntil: z.string().nullable(),
  paid: MoneyTextSchema,
  /** Whether `available` reaches the store's minimum payout (it is paid out only then). */
  reachesMinimum: z.boolean(),
});
export const PayoutSummaryAnswerSchema = z.object({ figures: z.array(PayoutFiguresSchema) });
export type PayoutSummaryAnswer = z.infer<typeof PayoutSummaryAnswerSchema>;

/** GET payment/payable: an admin's vendor filter (its name). */
export const PayableOrdersQuerySchema = z.strictObject({ vendor: z.string().trim().max(200).optional() });
/** A vendor order the marketplace may pay now: the buyer paid, it is fulfilled and its hold has ended. */
export const PayableOrderSchema = z.object({
  vendor: z.string(),
  orderName: z.string(),
  currency: z.string(),
  /** What its entries add to the vendor's balance (decimal text). */
  amount: MoneyTextSchema,
  payableSince: z.string(),
});
export const PayableOrdersAnswerSchema = z.object({ orders: z.array(PayableOrderSchema), capped: z.boolean() });
export type PayableOrdersAnswer = z.infer<typeof PayableOrdersAnswerSchema>;

/** GET payment/reserve?vendor= and PUT payment/reserve (admins): a vendor's reserve. */
export const ReserveQuerySchema = z.strictObject({ vendor: z.string().trim().min(1, MSG.required).max(200) });
export const ReserveBodySchema = z.strictObject({ vendor: z.string().trim().min(1, MSG.required).max(200), ...ReserveSchema.shape });
export const ReserveAnswerSchema = z.object({ vendor: z.string(), percentage: z.number(), days: z.number(), since: z.string().nullable() });
export type ReserveAnswer = z.infer<typeof ReserveAnswerSchema>;
