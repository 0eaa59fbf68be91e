import { z } from 'zod';
import { MSG } from '../messages.ts';
import { calendarDate } from './calendar-date.ts';
import { CurrencyCodeSchema, requiredText } from './common.ts';
import { MONEY_MESSAGES, MoneyTextSchema, moneyAmount } from './money.ts';

/**
 * Discounts (method, name, value (type, fixed, percentage), active (from, until,
 * withEndDate), limit (onePerCustomer, withUsage, usage), minPurchase (type, value); name up to
 * 200 characters, percentage 0 to 100, usage at least 1, fixed and minimum purchase at least 0). Amounts are amount
 * text of the discount's currency ("5.50" = €5.50 in EUR); active days are UTC days, `until` included.
 */

export const DISCOUNT_METHODS = ['code', 'automatic'] as const;
export const DISCOUNT_VALUE_TYPES = ['percentage', 'fixed'] as const;
export const MIN_PURCHASE_TYPES = ['none', 'amount', 'quantity'] as const;
export type MinPurchaseType = (typeof MIN_PURCHASE_TYPES)[number];
/** Who pays for what a discount takes off: the marketplace, the vendor whose products it is on, or both by a share. */
export const DISCOUNT_FUNDERS = ['marketplace', 'vendor', 'split'] as const;
export type DiscountFunder = (typeof DISCOUNT_FUNDERS)[number];
export const DISCOUNT_STATUSES = ['active', 'scheduled', 'expired'] as const;
/** Where a discount stands on the storefront platform: `local` = the built-in checkout, nothing to push. */
export const DISCOUNT_SYNC_STATES = ['pending', 'synced', 'failed', 'local'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export const DISCOUNT_NAME_MAX = 200;
export const DISCOUNT_CODE_MAX = 50;
/** A bound no real amount reaches, so that conversions to minor units stay exact. */
const MAX_AMOUNT = 1_000_000_000;
export const MAX_DISCOUNTS = 1000;

export const DISCOUNT_MESSAGES = {
  required: MSG.required,
  notANumber: 'Must be a number',
  greaterThan: (min: number) => `should be greater than ${min}`,
  lessThan: (max: number) => `should be less than ${max}`,
  wholeNumber: 'Must be a whole number',
  codeFormat: 'Use letters, digits, - and _ only',
  day: 'Must be a date like 2025-03-14',
  untilBeforeFrom: 'The end date should not be before the start date',
  tooManyDecimals: 'Too many decimals',
  codeTaken: 'A discount with this code already exists',
  tooMany: `There should be at most ${MAX_DISCOUNTS} discounts`,
  notFound: 'Discount not found',
  // The checkout's answers about a code.
  unknownCode: 'Unknown discount code',
  notYetActive: 'This discount code is not active yet',
  expired: 'This discount code has expired',
  usedUp: 'This discount code has been used up',
  usedByCustomer: 'This discount code has already been used with this e-mail address',
  notApplicable: 'This discount code does not apply to the products in your cart',
  minAmount: (amount: string) => `This discount code needs a purchase of at least ${amount} of eligible products`,
  minQuantity: (quantity: number) => `This discount code needs at least ${quantity} eligible items`,
  otherCurrency: (currency: string) => `This discount code applies to orders in ${currency} only`,
  automaticGone: 'The discount of your cart has just run out; please check out again',
} as const;

const number = () =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === '' ? MSG.required : DISCOUNT_MESSAGES.notANumber,
  });
/** An amount as sent: amount text of the discount's currency, 0 or more. */
const amount = () =>
  moneyAmount(MONEY_MESSAGES.notAnAmount, DISCOUNT_MESSAGES.greaterThan(0)).refine(
    // Only a readable amount is compared (an unreadable one already has its message).
    (text) => !(Number(text) > MAX_AMOUNT),
    DISCOUNT_MESSAGES.lessThan(MAX_AMOUNT),
  );
const count = () =>
  number()
    .int(DISCOUNT_MESSAGES.wholeNumber)
    .min(0, DISCOUNT_MESSAGES.greaterThan(0))
    .max(MAX_AMOUNT, DISCOUNT_MESSAGES.lessThan(MAX_AMOUNT));

/** The minimum purchase as sent: none, an amount (amount text) or a number of items. */
const MinPurchaseInputSchema = z.discriminatedUnion(
  'type',
  [
    // A value beside `none` means nothing; it is accepted (an editor keeps what was typed) and dropped.
    z.object({
      type: z.literal('none'),
      value: z
        .union([z.string().max(40), z.number()])
        .nullable()
        .optional(),
    }),
    z.object({ type: z.literal('amount'), value: amount() }),
    z.object({ type: z.literal('quantity'), value: count() }),
  ],
  { error: (issue) => (issue.input === undefined ? MSG.required : 'Must be none, amount or quantity') },
);
const day = () => calendarDate(DISCOUNT_MESSAGES.day);
const share = () => number().min(0, DISCOUNT_MESSAGES.greaterThan(0)).max(100, DISCOUNT_MESSAGES.lessThan(100));

/**
 * A discount as sent. Creating fills what is left out with the defaults below; replacing one (PUT) needs
 * every key, so a client that leaves out `limit`, `minPurchase` or `vendor` cannot silently turn a
 * single-use, one-vendor code with a minimum into an unlimited store-wide one.
 */
function discountInput(creating: boolean) {
  const orDefault = <T extends z.ZodType>(schema: T, value: z.input<T>) => (creating ? schema.default(value as never) : schema);
  return z
    .object({
      method: z.enum(DISCOUNT_METHODS),
      /** The code buyers type (method code); kept as typed, matched case-insensitively. */
      code: orDefault(z.string().trim().max(DISCOUNT_CODE_MAX, `Must be at most ${DISCOUNT_CODE_MAX} characters`), ''),
      name: requiredText(DISCOUNT_NAME_MAX),
      /**
       * The currency of its amounts (fixed value, minimum purchase); absent: the store's currency for a
       * new discount, the discount's own for an edit. A discount with an amount applies only to carts in it.
       */
      currency: CurrencyCodeSchema.optional(),
      value: z.object({
        type: z.enum(DISCOUNT_VALUE_TYPES),
        fixed: orDefault(amount(), '0'),
        percentage: orDefault(number().min(0, DISCOUNT_MESSAGES.greaterThan(0)).max(100, DISCOUNT_MESSAGES.lessThan(100)), 0),
      }),
      active: z.object({
        from: day(),
        withEndDate: orDefault(z.boolean(), false),
        until: orDefault(day().nullable(), null),
      }),
      limit: orDefault(
        z.object({
          onePerCustomer: orDefault(z.boolean(), false),
          withUsage: orDefault(z.boolean(), false),
          usage: orDefault(
            number()
              .int(DISCOUNT_MESSAGES.wholeNumber)
              .min(1, DISCOUNT_MESSAGES.greaterThan(1))
              .max(MAX_AMOUNT, DISCOUNT_MESSAGES.lessThan(MAX_AMOUNT)),
            1,
          ),
        }),
        { onePerCustomer: false, withUsage: false, usage: 1 },
      ),
      minPurchase: orDefault(MinPurchaseInputSchema, { type: 'none' }),
      /**
       * The products it applies to: null = every product of the marketplace, else one vendor's (by
       * name). Only admins choose; a vendor's discounts are always on its own products.
       */
      vendor: orDefault(z.string().trim().max(200).nullable(), null),
      /**
       * Who pays for it (an admin's choice; a vendor's own discounts are always the vendor's): on a
       * discount over every product, each vendor funds the part on its own products. Absent: the
       * marketplace for a new discount, unchanged for an edit.
       */
      fundedBy: z.enum(DISCOUNT_FUNDERS).optional(),
      /**
       * With `split`: the vendor's percentage of what it takes off (the marketplace pays the rest).
       * Absent: half for a new discount; for an edit, the share it has (half when it was not split).
       */
      vendorShare: creating ? share().default(50) : share().optional(),
    })
    .superRefine((d, ctx) => {
      if (d.method === 'code') {
        if (!d.code) ctx.addIssue({ code: 'custom', path: ['code'], message: MSG.required });
        else if (!/^[A-Za-z0-9_-]+$/.test(d.code)) ctx.addIssue({ code: 'custom', path: ['code'], message: DISCOUNT_MESSAGES.codeFormat });
      }
      if (d.active.withEndDate) {
        if (!d.active.until) ctx.addIssue({ code: 'custom', path: ['active', 'until'], message: MSG.required });
        else if (d.active.until < d.active.from)
          ctx.addIssue({ code: 'custom', path: ['active', 'until'], message: DISCOUNT_MESSAGES.untilBeforeFrom });
      }
      if (d.fundedBy === 'split' && d.vendorShare !== undefined && (d.vendorShare <= 0 || d.vendorShare >= 100)) {
        ctx.addIssue({
          code: 'custom',
          path: ['vendorShare'],
          message: d.vendorShare <= 0 ? DISCOUNT_MESSAGES.greaterThan(0) : DISCOUNT_MESSAGES.lessThan(100),
        });
      }
    });
}

/** POST discounts. */
export const DiscountInputSchema = discountInput(true);
/** PUT discounts/{id}: the whole discount. */
export const DiscountReplaceSchema = discountInput(false);
export type DiscountInput = z.infer<typeof DiscountInputSchema>;
/** What the editor's form holds before parsing (defaults not yet applied). */
export type DiscountFormValues = z.input<typeof DiscountInputSchema>;

export const DiscountSchema = z.object({
  id: z.string(),
  method: z.enum(DISCOUNT_METHODS),
  code: z.string(),
  name: z.string(),
  /** `fixed` in the discount's `currency`. */
  value: z.object({ type: z.enum(DISCOUNT_VALUE_TYPES), fixed: MoneyTextSchema, percentage: z.number() }),
  active: z.object({ from: z.string(), withEndDate: z.boolean(), until: z.string().nullable() }),
  limit: z.object({ onePerCustomer: z.boolean(), withUsage: z.boolean(), usage: z.number() }),
  /** An amount minimum in the discount's `currency`, a quantity minimum in items. */
  minPurchase: z.discriminatedUnion('type', [
    z.object({ type: z.literal('none'), value: z.null() }),
    z.object({ type: z.literal('amount'), value: MoneyTextSchema }),
    z.object({ type: z.literal('quantity'), value: z.number() }),
  ]),
  vendor: z.string().nullable(),
  /** Who pays for it: a vendor for its own discounts; the marketplace, the vendor or both (`vendorShare` percent the vendor's) for the admins'. */
  fundedBy: z.enum(DISCOUNT_FUNDERS),
  vendorShare: z.number(),
  status: z.enum(DISCOUNT_STATUSES),
  usageCount: z.number(),
  currency: z.string(),
  sync: z.object({ state: z.enum(DISCOUNT_SYNC_STATES), error: z.string().nullable() }),
  createdAt: z.string(),
});
export type Discount = z.infer<typeof DiscountSchema>;

/** GET discounts; `currency` is the store's, that of a new discount. */
export const DiscountListAnswerSchema = z.object({ discounts: z.array(DiscountSchema), currency: z.string() });
export const DiscountAnswerSchema = z.object({ discount: DiscountSchema });
export const DiscountIdParamsSchema = z.object({ discountId: z.uuid({ error: DISCOUNT_MESSAGES.notFound }) });

/** The discount's status on a UTC day (YYYY-MM-DD): before `from` scheduled, after `until` expired. */
export function discountStatus(active: { from: string; withEndDate: boolean; until: string | null }, today: string): DiscountStatus {
  if (today < active.from) return 'scheduled';
  if (active.withEndDate && active.until && today > active.until) return 'expired';
  return 'active';
}

/** The editor's starting values of a new discount. */
export const emptyDiscount = (today: string): DiscountFormValues => ({
  method: 'code',
  code: '',
  name: '',
  value: { type: 'percentage', fixed: '0', percentage: 10 },
  active: { from: today, withEndDate: false, until: null },
  limit: { onePerCustomer: false, withUsage: false, usage: 1 },
  minPurchase: { type: 'none' },
  vendor: null,
  fundedBy: 'marketplace',
  vendorShare: 50,
});
