import { z } from 'zod';
import { majorToAmountText, roundToMinorUnits, toMajorUnits } from '../money.ts';
import { MSG } from '../messages.ts';
import type { CommissionLineInput } from '../commission.ts';
import { requiredText } from './common.ts';
import { MONEY_MESSAGES, MoneyTextSchema, moneyAmount } from './money.ts';

/**
 * Commission lines. On the wire their amounts (min, max, flat) are amount text in the store's
 * currency; they are stored, and computed by src/shared/commission.ts, as major-unit numbers of it.
 */

export const MAX_COMMISSION_LINES = 100;
/** A bound no real price reaches, so that minor-unit arithmetic stays exact. */
const MAX_AMOUNT = 1_000_000_000;

/** Messages, verbatim where the spec gives them. */
export const COMMISSION_MESSAGES = {
  required: MSG.required,
  notANumber: 'Must be a number',
  greaterThan: (min: number | string) => `should be greater than ${min}`,
  lessThan: (max: number) => `should be less than ${max}`,
  gap: (from: string, to: string) => `There should not be a gap between ${from} and ${to}`,
  overlap: (from: string, to: string) => `There should not be an overlap between ${from} and ${to}`,
  noUnconditionedLine: 'At least one commission line must have no condition',
  tooManyLines: `There should be at most ${MAX_COMMISSION_LINES} commission lines`,
} as const;

/** A line's amount (text or stored number) in cents, the unit the rules between lines compare in. */
const cents = (amount: string | number) => roundToMinorUnits(amount, 2);
/** "$100", "$99.5": how the spec's messages name an amount. */
const dollars = (minor: number) => `$${toMajorUnits(minor, 2)}`;

/** An amount of a line as sent: amount text, 0 or more. */
const amountText = () =>
  moneyAmount(MONEY_MESSAGES.notAnAmount, COMMISSION_MESSAGES.greaterThan(0)).refine(
    // Only a readable amount is compared (an unreadable one already has its message).
    (text) => !(Number(text) > MAX_AMOUNT),
    COMMISSION_MESSAGES.lessThan(MAX_AMOUNT),
  );

/** An amount of a stored line: a major-unit number. */
const storedAmount = () =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === '' ? MSG.required : COMMISSION_MESSAGES.notANumber,
    })
    .min(0, COMMISSION_MESSAGES.greaterThan(0))
    .max(MAX_AMOUNT, COMMISSION_MESSAGES.lessThan(MAX_AMOUNT));

const percentage = () =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === '' ? MSG.required : COMMISSION_MESSAGES.notANumber,
    })
    .min(0, COMMISSION_MESSAGES.greaterThan(0))
    .max(100, COMMISSION_MESSAGES.lessThan(100));

export const CommissionConstraintSchema = z.object({
  key: requiredText(100),
  value: requiredText(200),
});
export type CommissionConstraint = z.infer<typeof CommissionConstraintSchema>;

/** What the rules between lines read of a line, whether its amounts are text or stored numbers. */
interface LineBounds {
  min: string | number;
  max?: string | number | null;
  constraint?: CommissionConstraint | null;
}

/** A line's own rule: its max not below its min. */
function maxNotBelowMin(line: LineBounds, ctx: z.RefinementCtx) {
  if (line.max != null && cents(line.max) < cents(line.min)) {
    ctx.addIssue({ code: 'custom', path: ['max'], message: COMMISSION_MESSAGES.greaterThan(Number(line.min)) });
  }
}

/** One line as sent, with its own field rules; the rules between lines are on CommissionLinesSchema. */
export const CommissionLineSchema = z
  .object({
    min: amountText(),
    /** Empty (null or absent) = open-ended. */
    max: amountText().nullable().optional(),
    flat: amountText(),
    percentage: percentage(),
    constraint: CommissionConstraintSchema.nullable().optional(),
  })
  .superRefine(maxNotBelowMin);
export type CommissionLine = z.infer<typeof CommissionLineSchema>;

/** One line as stored in the settings (major-unit numbers of the store's currency). */
const StoredCommissionLineSchema = z
  .object({
    min: storedAmount(),
    max: storedAmount().nullable().optional(),
    flat: storedAmount(),
    percentage: percentage(),
    constraint: CommissionConstraintSchema.nullable().optional(),
  })
  .superRefine(maxNotBelowMin);
/** A line as stored and computed (src/shared/commission.ts): major-unit numbers; `minimum` only on the default line. */
export type StoredCommissionLine = CommissionLineInput;

/**
 * The rules between lines: the lines without a constraint, taken in order of min, cover
 * [0, ∞) with no gap and no overlap (a line covers [min, max); the last one is open-ended), and
 * there is at least one. Compared in cents, as the commission is computed. Runs only once every
 * line is valid on its own, so a form shows the field errors first.
 */
function checkCoverage(lines: readonly LineBounds[], addIssue: (path: (string | number)[], message: string) => void) {
  const open = lines
    .map((line, index) => ({ index, min: cents(line.min), max: line.max == null ? null : cents(line.max) }))
    .filter((_, i) => !lines[i].constraint)
    .sort((a, b) => a.min - b.min || (a.max ?? Infinity) - (b.max ?? Infinity));
  if (open.length === 0) {
    addIssue([], COMMISSION_MESSAGES.noUnconditionedLine);
    return;
  }
  // Everything in [0, coveredTo) is covered so far; Infinity once an open-ended line is seen.
  let coveredTo = 0;
  let lastIndex = open[0].index;
  for (const line of open) {
    if (line.min > coveredTo) {
      addIssue([line.index, 'min'], COMMISSION_MESSAGES.gap(dollars(coveredTo), dollars(line.min)));
    } else if (line.min < coveredTo) {
      const end = Math.min(coveredTo, line.max ?? Infinity);
      addIssue([line.index, 'min'], COMMISSION_MESSAGES.overlap(dollars(line.min), end === Infinity ? 'above' : dollars(end)));
    }
    if ((line.max ?? Infinity) >= coveredTo) lastIndex = line.index;
    coveredTo = Math.max(coveredTo, line.max ?? Infinity);
  }
  if (coveredTo !== Infinity) addIssue([lastIndex, 'max'], COMMISSION_MESSAGES.gap(dollars(coveredTo), 'above'));
}

const CommissionLineListSchema = z
  .array(CommissionLineSchema, { error: COMMISSION_MESSAGES.required })
  .max(MAX_COMMISSION_LINES, COMMISSION_MESSAGES.tooManyLines);

const coverage = (allowEmpty: boolean) => (payload: z.core.ParsePayload<LineBounds[] | null | undefined>) => {
  if (payload.issues.length > 0) return;
  const lines = payload.value;
  if (!lines || (allowEmpty && lines.length === 0)) return;
  checkCoverage(lines, (path, message) => payload.issues.push({ code: 'custom', input: payload.value, path, message }));
};

/** The marketplace's (or a vendor's) lines as sent: the one schema of server and form. */
export const CommissionLinesSchema = CommissionLineListSchema.check(coverage(false));
export type CommissionLines = z.infer<typeof CommissionLinesSchema>;

/** Lines as stored; lines that no longer pass count as not set. */
export const StoredCommissionLinesSchema = z.array(StoredCommissionLineSchema).max(MAX_COMMISSION_LINES).check(coverage(false));

/** A vendor's own lines; null or [] means "use the marketplace lines". */
export const VendorCommissionLinesSchema = CommissionLineListSchema.nullable().optional().check(coverage(true));

/** PATCH app/info/commission-v2. */
export const MarketplaceCommissionsSchema = z.object({ commissions: CommissionLinesSchema });

/**
 * PUT settings/commission: `commissions` is required (null or [] goes back to the marketplace lines), so
 * a body that names only the vendor cannot delete that vendor's own lines.
 */
export const VendorCommissionsSchema = z.object({
  vendor: requiredText(200),
  commissions: CommissionLineListSchema.nullable().check(coverage(true)),
});

/** PUT settings/marketplace-settings: a vendor's settings as the marketplace manages them. */
export const MarketplaceVendorSettingsSchema = z.object({
  vendor: requiredText(200),
  autoApprove: z.boolean().optional(),
  isManagedByMarketplace: z.boolean().optional(),
  commissions: VendorCommissionLinesSchema,
});
export type MarketplaceVendorSettings = z.infer<typeof MarketplaceVendorSettingsSchema>;

/** Where the lines that apply come from. */
/** GET commissions: an admin names a vendor for its lines (a vendor always gets its own). */
export const CommissionsQuerySchema = z.object({ vendor: z.string().trim().max(200).optional() });

export const CommissionSourceSchema = z.enum(['vendor', 'marketplace', 'default']);
export type CommissionSource = z.infer<typeof CommissionSourceSchema>;

/** A line as answered: amount text in the answer's currency, max and constraint always present. */
export const CommissionLineAnswerSchema = z.object({
  min: MoneyTextSchema,
  max: MoneyTextSchema.nullable(),
  flat: MoneyTextSchema,
  percentage: z.number(),
  constraint: CommissionConstraintSchema.nullable(),
  /** Only on the default line, when the marketplace set defaultCommissions.min: the least commission per order line. */
  minimum: MoneyTextSchema.optional(),
});
export type CommissionLineAnswer = z.infer<typeof CommissionLineAnswerSchema>;

/** The lines that apply, in the store's currency. */
export const CommissionsAnswerSchema = z.object({
  commissions: z.array(CommissionLineAnswerSchema),
  currency: z.string(),
  source: CommissionSourceSchema,
});
export type CommissionsAnswer = z.infer<typeof CommissionsAnswerSchema>;

export const VendorCommissionsAnswerSchema = CommissionsAnswerSchema.extend({ vendor: z.string() });

export const MarketplaceVendorSettingsAnswerSchema = VendorCommissionsAnswerSchema.extend({
  /** null: the marketplace's default (settings autoApprove.enabledDefault) applies. */
  autoApprove: z.boolean().nullable(),
  isManagedByMarketplace: z.boolean(),
});

/** GET commissions/preview: an amount of the store's currency, as typed on the screen. */
export const CommissionPreviewQuerySchema = z.object({
  amount: amountText(),
  /** An admin previews this vendor's lines; ignored for a vendor (always its own). */
  vendor: z.string().trim().max(200).optional(),
  /** Preview for an item with this attribute (e.g. key=productType&value=Shoes), for constrained lines. */
  key: z.string().trim().max(100).optional(),
  value: z.string().trim().max(200).optional(),
});

/** Amounts in the store's currency; the line that applied. */
export const CommissionPreviewAnswerSchema = z.object({
  currency: z.string(),
  amount: MoneyTextSchema,
  commission: MoneyTextSchema,
  vendorShare: MoneyTextSchema,
  line: CommissionLineAnswerSchema.nullable(),
  source: CommissionSourceSchema,
});
export type CommissionPreviewAnswer = z.infer<typeof CommissionPreviewAnswerSchema>;

/** A stored line in its answered shape: amount text of the store's currency, max and constraint always present. */
export const toCommissionLineAnswer = (line: StoredCommissionLine, currency: string): CommissionLineAnswer => ({
  min: majorToAmountText(line.min, currency),
  max: line.max == null ? null : majorToAmountText(line.max, currency),
  flat: majorToAmountText(line.flat, currency),
  percentage: line.percentage,
  constraint: line.constraint ?? null,
  ...(line.minimum ? { minimum: majorToAmountText(line.minimum, currency) } : {}),
});
