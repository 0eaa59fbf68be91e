import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { DISCOUNT_MESSAGES, discountStatus } from '#shared/schemas/discounts';
import type { Settings } from '#shared/schemas/settings';
import { allocate, formatMoney } from '#shared/money';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { discountRedemptions, discounts } from '#server/db/schema/index';
import { AppError, badRequest } from '#server/http/errors';
import { todayOf } from './manage-discounts.ts';

type Row = typeof discounts.$inferSelect;

/** A cart line as the checkout priced it (minor units). */
export interface DiscountableLine {
  vendorId: string;
  price: number;
  quantity: number;
}

export interface AppliedDiscounts {
  /** Per line, in the order given: its discount (line total, minor units) and the part of it its vendor funds. */
  lines: { discount: number; vendorDiscount?: number }[];
  total: number;
  /**
   * Takes one use of the applied discount inside the checkout's transaction, under the discount's
   * row lock, so a limit of N uses is never exceeded however many checkouts run at once; throws
   * (and so rolls the order back) when it is used up meanwhile.
   */
  redeem(tx: Db, checkoutId: string): Promise<void>;
}

const NONE = (lines: readonly DiscountableLine[]): AppliedDiscounts => ({
  lines: lines.map(() => ({ discount: 0 })),
  total: 0,
  redeem: async () => {},
});
const refuse = (message: string) => badRequest(message, [{ path: 'discountCode', message }]);

/**
 * The saving of a discount on a cart, split over its eligible lines, or why it does not apply. A
 * discount with an amount (a fixed value, a minimum purchase) in another currency than the cart's
 * does not apply: its minor units mean another sum (¥500 is not $5.00). A percentage without an
 * amount minimum applies in any currency.
 */
function priceDiscount(
  row: Row,
  lines: readonly DiscountableLine[],
  currency: string,
): { perLine: number[]; total: number } | { refusal: string } {
  if (row.currency !== currency && (row.valueType === 'fixed' || row.minPurchaseType === 'amount'))
    return { refusal: DISCOUNT_MESSAGES.otherCurrency(row.currency) };
  const eligible = lines.map((l) => row.vendorId === null || l.vendorId === row.vendorId);
  const totals = lines.map((l, i) => (eligible[i] ? l.price * l.quantity : 0));
  if (!eligible.some(Boolean)) return { refusal: DISCOUNT_MESSAGES.notApplicable };
  const subtotal = totals.reduce((a, b) => a + b, 0);
  const quantity = lines.reduce((sum, l, i) => sum + (eligible[i] ? l.quantity : 0), 0);
  if (row.minPurchaseType === 'amount' && subtotal < row.minPurchaseValue)
    return { refusal: DISCOUNT_MESSAGES.minAmount(formatMoney(row.minPurchaseValue, currency)) };
  if (row.minPurchaseType === 'quantity' && quantity < row.minPurchaseValue)
    return { refusal: DISCOUNT_MESSAGES.minQuantity(row.minPurchaseValue) };
  // Never more than the eligible goods: the order's total cannot go below its shipping.
  const total =
    row.valueType === 'percentage'
      ? Number((BigInt(subtotal) * BigInt(row.percentage) + 5000n) / 10000n)
      : Math.min(row.fixedAmount, subtotal);
  return { perLine: allocate(total, totals), total };
}

async function usedBy(db: Db, row: Row, email: string) {
  const [found] = await db
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(
      and(eq(discountRedemptions.storeId, row.storeId), eq(discountRedemptions.discountId, row.id), eq(discountRedemptions.email, email)),
    )
    .limit(1);
  return !!found;
}
const usedUp = (row: Pick<Row, 'withUsage' | 'usageCount' | 'usageLimit'>) => row.withUsage && row.usageCount >= row.usageLimit;

function applied(row: Row, priced: { perLine: number[]; total: number }, email: string, currency: string): AppliedDiscounts {
  return {
    // The vendor's part of each line, rounded half up; the marketplace funds the rest.
    lines: priced.perLine.map((discount) =>
      discount > 0 ? { discount, vendorDiscount: Number((BigInt(discount) * BigInt(row.vendorShare) + 5000n) / 10000n) } : { discount: 0 },
    ),
    total: priced.total,
    async redeem(tx, checkoutId) {
      const [locked] = await tx
        .select({
          withUsage: discounts.withUsage,
          usageCount: discounts.usageCount,
          usageLimit: discounts.usageLimit,
          deletedAt: discounts.deletedAt,
        })
        .from(discounts)
        .where(and(eq(discounts.storeId, row.storeId), eq(discounts.id, row.id)))
        .for('update');
      const gone = row.method === 'code' ? DISCOUNT_MESSAGES.usedUp : DISCOUNT_MESSAGES.automaticGone;
      if (!locked || locked.deletedAt)
        throw refuse(row.method === 'code' ? DISCOUNT_MESSAGES.unknownCode : DISCOUNT_MESSAGES.automaticGone);
      if (usedUp(locked)) throw new AppError('conflict', gone, [{ path: 'discountCode', message: gone }]);
      if (row.onePerCustomer && (await usedBy(tx, row, email)))
        throw new AppError('conflict', DISCOUNT_MESSAGES.usedByCustomer, [
          { path: 'discountCode', message: DISCOUNT_MESSAGES.usedByCustomer },
        ]);
      await tx
        .update(discounts)
        .set({ usageCount: sql`${discounts.usageCount} + 1` })
        .where(and(eq(discounts.storeId, row.storeId), eq(discounts.id, row.id)));
      await tx
        .insert(discountRedemptions)
        .values({ storeId: row.storeId, discountId: row.id, checkoutId, email, amount: priced.total, currency });
    },
  };
}

/**
 * The discount of a built-in checkout (docs/decisions/discounts.md, "One discount an order"): one per
 * order. With a code, that code, or a 4xx saying why not (unknown, not active yet, expired, used
 * up, already used with this e-mail, not for these products, minimum not reached); without, the
 * automatic discount that saves the buyer most (the older one on a tie). Nothing while the store's
 * discounts feature is off.
 */
export async function applyDiscounts(
  ctx: AppContext,
  cart: {
    storeId: string;
    settings: Settings;
    code?: string;
    email: string;
    lines: readonly DiscountableLine[] /** The cart's, which its lines are priced in. */;
    currency: string;
  },
): Promise<AppliedDiscounts> {
  const { storeId, settings, email, lines, currency } = cart;
  const code = cart.code?.trim();
  if (!settings.features.discounts.enabled) {
    if (code) throw refuse(DISCOUNT_MESSAGES.unknownCode);
    return NONE(lines);
  }
  const today = todayOf(ctx);
  const live = and(eq(discounts.storeId, storeId), isNull(discounts.deletedAt));
  if (code) {
    const [row] = await ctx.db
      .select()
      .from(discounts)
      .where(and(live, eq(discounts.method, 'code'), sql`lower(${discounts.code}) = lower(${code})`));
    if (!row) throw refuse(DISCOUNT_MESSAGES.unknownCode);
    const status = discountStatus({ from: row.activeFrom, withEndDate: row.withEndDate, until: row.activeUntil }, today);
    if (status === 'scheduled') throw refuse(DISCOUNT_MESSAGES.notYetActive);
    if (status === 'expired') throw refuse(DISCOUNT_MESSAGES.expired);
    if (usedUp(row))
      throw new AppError('conflict', DISCOUNT_MESSAGES.usedUp, [{ path: 'discountCode', message: DISCOUNT_MESSAGES.usedUp }]);
    if (row.onePerCustomer && (await usedBy(ctx.db, row, email))) throw refuse(DISCOUNT_MESSAGES.usedByCustomer);
    const priced = priceDiscount(row, lines, currency);
    if ('refusal' in priced) throw refuse(priced.refusal);
    return applied(row, priced, email, currency);
  }
  const automatic = await ctx.db
    .select()
    .from(discounts)
    .where(and(live, eq(discounts.method, 'automatic'), lte(discounts.activeFrom, today)))
    .orderBy(discounts.createdAt, discounts.id);
  let best: { row: Row; priced: { perLine: number[]; total: number } } | null = null;
  for (const row of automatic) {
    if (discountStatus({ from: row.activeFrom, withEndDate: row.withEndDate, until: row.activeUntil }, today) !== 'active' || usedUp(row))
      continue;
    const priced = priceDiscount(row, lines, currency);
    if ('refusal' in priced || (best && priced.total <= best.priced.total)) continue;
    if (row.onePerCustomer && (await usedBy(ctx.db, row, email))) continue;
    best = { row, priced };
  }
  return best ? applied(best.row, best.priced, email, currency) : NONE(lines);
}
