import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DISCOUNT_MESSAGES,
  MAX_DISCOUNTS,
  discountStatus,
  type Discount,
  type DiscountFunder,
  type DiscountInput,
} from '#shared/schemas/discounts';
import { MoneyError, toAmountText, toMinorUnits, toScaledInteger } from '#shared/money';
import { amountFromBody } from '#server/http/amounts';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { discounts, vendors } from '#server/db/schema/index';
import { AppError, badRequest, notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { getVendorByName } from '../vendors/index.ts';
import { readStoreSettings } from '../settings/index.ts';
import { enqueueDiscountSync } from './sync-discount.ts';

type Row = typeof discounts.$inferSelect;

/**
 * The discounts a caller may see and change: an admin every discount of its store; a vendor only
 * the ones it made (on its own products), never another vendor's nor the marketplace's.
 */
export function discountsOf(auth: AuthContext): SQL {
  const live = and(eq(discounts.storeId, auth.storeId), isNull(discounts.deletedAt))!;
  if (auth.isAdmin) return live;
  if (!auth.vendorId) return sql`false`;
  return and(live, eq(discounts.vendorId, auth.vendorId), eq(discounts.fundedBy, 'vendor'))!;
}

export const todayOf = (ctx: AppContext) => ctx.now().toISOString().slice(0, 10);

export function toDiscount(row: Row & { vendorName: string | null }, today: string): Discount {
  const active = { from: row.activeFrom, withEndDate: row.withEndDate, until: row.activeUntil };
  return {
    id: row.id,
    method: row.method,
    code: row.code,
    name: row.name,
    value: { type: row.valueType, fixed: toAmountText(row.fixedAmount, row.currency), percentage: row.percentage / 100 },
    active,
    limit: { onePerCustomer: row.onePerCustomer, withUsage: row.withUsage, usage: row.usageLimit },
    minPurchase:
      row.minPurchaseType === 'amount'
        ? { type: 'amount', value: toAmountText(row.minPurchaseValue, row.currency) }
        : row.minPurchaseType === 'quantity'
          ? { type: 'quantity', value: row.minPurchaseValue }
          : { type: 'none', value: null },
    vendor: row.vendorName,
    fundedBy: row.fundedBy,
    vendorShare: row.vendorShare / 100,
    status: discountStatus(active, today),
    usageCount: row.usageCount,
    currency: row.currency,
    sync: { state: row.syncState, error: row.syncError },
    createdAt: row.createdAt.toISOString(),
  };
}

const withVendorName = { row: discounts, vendorName: vendors.name };
const joinVendor = and(eq(vendors.storeId, discounts.storeId), eq(vendors.id, discounts.vendorId));

/** GET discounts: newest first (a store has at most MAX_DISCOUNTS live ones), and the store's currency, that of a new one. */
export async function listDiscounts(ctx: AppContext, auth: AuthContext): Promise<{ discounts: Discount[]; currency: string }> {
  const { currency } = await readStoreSettings(ctx.db, auth.storeId);
  const rows = await ctx.db
    .select(withVendorName)
    .from(discounts)
    .leftJoin(vendors, joinVendor)
    .where(discountsOf(auth))
    .orderBy(desc(discounts.createdAt), desc(discounts.id))
    .limit(MAX_DISCOUNTS);
  const today = todayOf(ctx);
  return { discounts: rows.map((r) => toDiscount({ ...r.row, vendorName: r.vendorName }, today)), currency };
}

async function readDiscount(ctx: AppContext, auth: AuthContext, id: string, db: Db = ctx.db): Promise<Discount> {
  const [found] = await db
    .select(withVendorName)
    .from(discounts)
    .leftJoin(vendors, joinVendor)
    .where(and(eq(discounts.id, id), discountsOf(auth)));
  if (!found) throw notFound(DISCOUNT_MESSAGES.notFound);
  return toDiscount({ ...found.row, vendorName: found.vendorName }, todayOf(ctx));
}

/** The columns of an input: amounts in minor units of its currency, percentages in hundredths; finer values are refused. */
function columnsOf(input: DiscountInput, currency: string) {
  const hundredths = (value: number, path: string) => {
    try {
      return toMinorUnits(value, 2);
    } catch (error) {
      if (error instanceof MoneyError)
        throw badRequest(DISCOUNT_MESSAGES.tooManyDecimals, [{ path, message: DISCOUNT_MESSAGES.tooManyDecimals }]);
      throw error;
    }
  };
  const percentage = input.value.type === 'percentage' ? hundredths(input.value.percentage, 'value.percentage') : 0;
  const { minPurchase } = input;
  return {
    method: input.method,
    currency,
    code: input.method === 'code' ? input.code : '',
    name: input.name,
    valueType: input.value.type,
    fixedAmount: input.value.type === 'fixed' ? amountFromBody(input.value.fixed, currency, 'value.fixed') : 0,
    percentage,
    activeFrom: input.active.from,
    withEndDate: input.active.withEndDate,
    activeUntil: input.active.withEndDate ? input.active.until : null,
    onePerCustomer: input.limit.onePerCustomer,
    withUsage: input.limit.withUsage,
    usageLimit: input.limit.usage,
    minPurchaseType: minPurchase.type,
    minPurchaseValue:
      minPurchase.type === 'amount'
        ? amountFromBody(minPurchase.value, currency, 'minPurchase.value')
        : minPurchase.type === 'quantity'
          ? minPurchase.value
          : 0,
  };
}

/** The vendors' share (hundredths of a percent) of a funder's discount. */
const vendorShareOf = (fundedBy: DiscountFunder, percent: number) =>
  fundedBy === 'vendor' ? 10000 : fundedBy === 'marketplace' ? 0 : toScaledInteger(percent, 2);

/**
 * Whose products a discount applies to and who pays for it: a vendor always its own products, at
 * its own cost; an admin any scope, funded as chosen (`current`: the funder it has, for an edit that names none).
 */
async function ownerOf(db: Db, auth: AuthContext, input: DiscountInput, current: DiscountFunder = 'marketplace') {
  if (!auth.isAdmin) {
    if (!auth.vendorId) throw notFound(DISCOUNT_MESSAGES.notFound);
    return { vendorId: auth.vendorId, fundedBy: 'vendor' as const, vendorShare: 10000 };
  }
  const fundedBy = input.fundedBy ?? current;
  return {
    vendorId: input.vendor ? (await getVendorByName(db, auth.storeId, input.vendor)).id : null,
    fundedBy,
    vendorShare: vendorShareOf(fundedBy, input.vendorShare ?? 50),
  };
}

const isCodeTaken = (error: unknown) =>
  /discounts_code_uq/.test(String((error as { cause?: unknown })?.cause ?? error)) ||
  /discounts_code_uq/.test(String((error as { message?: string })?.message));
const codeTaken = () => new AppError('conflict', DISCOUNT_MESSAGES.codeTaken, [{ path: 'code', message: DISCOUNT_MESSAGES.codeTaken }]);

/** POST discounts: the discount, and its push to the storefront platform queued in the same transaction. */
export async function createDiscount(ctx: AppContext, auth: AuthContext, input: DiscountInput): Promise<Discount> {
  const columns = columnsOf(input, input.currency ?? (await readStoreSettings(ctx.db, auth.storeId)).currency);
  const owner = await ownerOf(ctx.db, auth, input);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [{ live }] = await tx
        .select({ live: count() })
        .from(discounts)
        .where(and(eq(discounts.storeId, auth.storeId), isNull(discounts.deletedAt)));
      if (live >= MAX_DISCOUNTS) throw badRequest(DISCOUNT_MESSAGES.tooMany);
      const [row] = await tx
        .insert(discounts)
        .values({ storeId: auth.storeId, ...owner, ...columns })
        .returning({ id: discounts.id, updatedAt: discounts.updatedAt });
      await enqueueDiscountSync(ctx, { storeId: auth.storeId, discountId: row.id, version: row.updatedAt }, tx);
      return row.id;
    });
    return await readDiscount(ctx, auth, id);
  } catch (error) {
    if (isCodeTaken(error)) throw codeTaken();
    throw error;
  }
}

/** PUT discounts/{id}: only a discount the caller may see; its usage so far is kept, and its currency unless the input names one. */
export async function updateDiscount(ctx: AppContext, auth: AuthContext, id: string, input: DiscountInput): Promise<Discount> {
  try {
    await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ currency: discounts.currency, fundedBy: discounts.fundedBy, vendorShare: discounts.vendorShare })
        .from(discounts)
        .where(and(eq(discounts.id, id), discountsOf(auth)))
        .for('update');
      if (!current) throw notFound(DISCOUNT_MESSAGES.notFound);
      const columns = columnsOf(input, input.currency ?? current.currency);
      const owner = await ownerOf(tx, auth, input, current.fundedBy);
      // A split edited without a share keeps the discount's own (half when it was not split).
      const keepShare = owner.fundedBy === 'split' && input.vendorShare === undefined;
      const vendorShare = keepShare ? (current.fundedBy === 'split' ? current.vendorShare : 5000) : owner.vendorShare;
      // An admin may move a marketplace discount to another scope; a vendor's own discount stays on
      // that vendor's products (it pays for it), whoever edits it.
      const vendorId = sql`case when ${discounts.fundedBy} = 'vendor' then ${discounts.vendorId} else ${owner.vendorId}::uuid end`;
      const [row] = await tx
        .update(discounts)
        .set({ ...columns, vendorId, fundedBy: owner.fundedBy, vendorShare, syncState: 'pending', syncError: null, updatedAt: sql`now()` })
        .where(and(eq(discounts.id, id), discountsOf(auth)))
        .returning({ id: discounts.id, updatedAt: discounts.updatedAt });
      if (!row) throw notFound(DISCOUNT_MESSAGES.notFound);
      await enqueueDiscountSync(ctx, { storeId: auth.storeId, discountId: row.id, version: row.updatedAt }, tx);
    });
  } catch (error) {
    if (isCodeTaken(error)) throw codeTaken();
    throw error;
  }
  return readDiscount(ctx, auth, id);
}

/** DELETE discounts/{id}: no longer redeemable at once; the platform's copy is removed by the sync job. */
export async function deleteDiscount(ctx: AppContext, auth: AuthContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(discounts)
      .set({ deletedAt: ctx.now(), syncState: 'pending', updatedAt: sql`now()` })
      .where(and(eq(discounts.id, id), discountsOf(auth)))
      .returning({ id: discounts.id, updatedAt: discounts.updatedAt });
    if (!row) throw notFound(DISCOUNT_MESSAGES.notFound);
    await enqueueDiscountSync(ctx, { storeId: auth.storeId, discountId: row.id, version: row.updatedAt }, tx);
  });
}
