import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Settings } from '#shared/schemas/settings';
import { shareOfUnits } from '#shared/money';
import type { Db } from '#server/db/client';
import { ledgerEntries, type LedgerKind } from '#server/db/schema/index';

type FinanceConfig = Settings['financeConfig'];
type NewEntry = typeof ledgerEntries.$inferInsert;

/** Where an order's entries point: the same for every entry of one vendor order. */
export interface VendorOrderRef {
  storeId: string;
  vendorId: string;
  currency: string;
  orderId: string;
  vendorOrderId: string;
  orderName: string;
}

/** A line as frozen on the order: unit price, and line totals of discount, tax and commission. */
export interface LedgerLine {
  id: string;
  price: number;
  quantity: number;
  discount: number;
  tax: number;
  commission: number;
  /**
   * The part of `discount` the vendor funds, when known (our own discounts): it always counts in the
   * vendor's payout, the rest never does (the marketplace's cost). Null: a platform's discount,
   * counted as financeConfig.discountInPayout says.
   */
  vendorDiscount: number | null;
}

/**
 * Which components count where, frozen on each entry when it is written (the store's financeConfig):
 * `inPayout` = part of what the vendor is paid (sales and commission always; tax, shipping and the
 * discount as *InPayout say), `inSales` = part of the sales figure (include* for tax, shipping, discount).
 */
function flagsOf(kind: LedgerKind, config: FinanceConfig): { inPayout: boolean; inSales: boolean } {
  switch (kind) {
    case 'tax':
      return { inPayout: config.taxInPayout, inSales: config.includeTax };
    case 'shipping':
      return { inPayout: config.shippingInPayout, inSales: config.includeShipping };
    case 'discount':
      return { inPayout: config.discountInPayout, inSales: config.includeDiscount };
    case 'sale':
    case 'refund':
      return { inPayout: true, inSales: true };
    default:
      return { inPayout: true, inSales: false };
  }
}

/** The columns every entry of a vendor order carries. */
const ofVendorOrder = (ref: VendorOrderRef) => ({
  storeId: ref.storeId,
  vendorId: ref.vendorId,
  currency: ref.currency,
  orderId: ref.orderId,
  vendorOrderId: ref.vendorOrderId,
  orderName: ref.orderName,
});

const entry = (
  ref: VendorOrderRef,
  kind: LedgerKind,
  amount: number,
  config: FinanceConfig,
  occurredAt: Date,
  extra: Partial<NewEntry> = {},
): NewEntry => ({
  ...ofVendorOrder(ref),
  kind,
  amount,
  ...flagsOf(kind, config),
  occurredAt,
  ...extra,
});

async function append(tx: Db, entries: NewEntry[]) {
  const written = entries.filter((e) => e.amount !== 0);
  if (written.length) await tx.insert(ledgerEntries).values(written);
}

/** The memo of the discount entry the marketplace funds: beside the vendor's books, not in its payout. */
export const MARKETPLACE_FUNDED_MEMO = 'Funded by the marketplace';

/**
 * A line's discount at arrival (−): one entry as financeConfig says when the funder is unknown; else
 * the vendor's part in its payout and the marketplace's part out of it, marked as the marketplace's.
 */
function discountEntries(
  ref: VendorOrderRef,
  line: LedgerLine,
  config: FinanceConfig,
  occurredAt: Date,
  extra: Partial<NewEntry>,
): NewEntry[] {
  if (line.vendorDiscount === null) return [entry(ref, 'discount', -line.discount, config, occurredAt, extra)];
  return [
    entry(ref, 'discount', -line.vendorDiscount, { ...config, discountInPayout: true }, occurredAt, extra),
    entry(ref, 'discount', -(line.discount - line.vendorDiscount), { ...config, discountInPayout: false }, occurredAt, {
      memo: MARKETPLACE_FUNDED_MEMO,
      ...extra,
    }),
  ];
}

/**
 * A vendor order's arrival: per line the sale (+ price × quantity), its discount (−), tax (+) and
 * the commission frozen on the line (−); the vendor's share of the shipping (+). Written in the
 * order's own transaction.
 */
export async function recordOrderArrival(
  tx: Db,
  ref: VendorOrderRef,
  lines: readonly LedgerLine[],
  shipping: number,
  config: FinanceConfig,
  occurredAt: Date,
) {
  const entries: NewEntry[] = [];
  for (const line of lines) {
    const at = { orderLineId: line.id };
    entries.push(
      entry(ref, 'sale', line.price * line.quantity, config, occurredAt, at),
      ...discountEntries(ref, line, config, occurredAt, at),
      entry(ref, 'tax', line.tax, config, occurredAt, at),
      entry(ref, 'commission', -line.commission, config, occurredAt, at),
    );
  }
  entries.push(entry(ref, 'shipping', shipping, config, occurredAt));
  await append(tx, entries);
}

/**
 * A refund of `quantity` units of a line of which `alreadyRefunded` were refunded before: the goods
 * back (refund −), and the same share of the line's discount (+), tax (−) and commission (+, the
 * marketplace returns its cut). Shares are differences of floors, so refunding every unit in any
 * steps returns exactly the line's amounts. Each component keeps the flags of the line's arrival
 * entry, so a later settings change cannot make a refund count differently from its sale.
 */
export async function recordLineRefund(
  tx: Db,
  ref: VendorOrderRef,
  refund: { refundId: string; line: LedgerLine; alreadyRefunded: number; quantity: number; occurredAt: Date; memo?: string },
) {
  const { line, alreadyRefunded: before, quantity } = refund;
  const share = (total: number) => shareOfUnits(total, line.quantity, before, quantity);
  const arrival = await tx
    .select({ kind: ledgerEntries.kind, inPayout: ledgerEntries.inPayout, inSales: ledgerEntries.inSales })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderLineId, line.id), isNull(ledgerEntries.refundId), isNull(ledgerEntries.reversesEntryId)));
  // A component with no arrival entry was 0, so its share is 0 too and is not written.
  const flagsOfArrival = (kind: LedgerKind) => {
    const found = arrival.find((a) => a.kind === kind);
    return found ? { inPayout: found.inPayout, inSales: found.inSales } : { inPayout: true, inSales: true };
  };
  const make = (kind: LedgerKind, amount: number, arrivalKind: LedgerKind): NewEntry => ({
    ...ofVendorOrder(ref),
    orderLineId: line.id,
    refundId: refund.refundId,
    kind,
    amount,
    ...flagsOfArrival(arrivalKind),
    occurredAt: refund.occurredAt,
    memo: refund.memo ?? '',
  });
  // A discount whose funder is known gives each funder back its own part, in or out of the payout as at arrival.
  const discount =
    line.vendorDiscount === null
      ? [make('discount', share(line.discount), 'discount')]
      : [
          { ...make('discount', share(line.vendorDiscount), 'discount'), inPayout: true },
          {
            ...make('discount', share(line.discount) - share(line.vendorDiscount), 'discount'),
            inPayout: false,
            memo: refund.memo ? `${MARKETPLACE_FUNDED_MEMO}: ${refund.memo}` : MARKETPLACE_FUNDED_MEMO,
          },
        ];
  await append(tx, [
    make('refund', -share(line.price * line.quantity), 'sale'),
    ...discount,
    make('tax', -share(line.tax), 'tax'),
    make('commission', share(line.commission), 'commission'),
  ]);
}

/** A refund of part of a vendor order's shipping (−), with the flags of its arrival shipping entry. */
export async function recordShippingRefund(
  tx: Db,
  ref: VendorOrderRef,
  refund: { refundId: string; amount: number; occurredAt: Date; config: FinanceConfig },
) {
  const [arrival] = await tx
    .select({ inPayout: ledgerEntries.inPayout, inSales: ledgerEntries.inSales })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.vendorOrderId, ref.vendorOrderId),
        eq(ledgerEntries.kind, 'shipping'),
        isNull(ledgerEntries.refundId),
        isNull(ledgerEntries.reversesEntryId),
      ),
    )
    .limit(1);
  await append(tx, [
    { ...entry(ref, 'shipping', -refund.amount, refund.config, refund.occurredAt), ...(arrival ?? {}), refundId: refund.refundId },
  ]);
}

/** What is left of a vendor order's shipping after its refunds. */
export async function shippingLeft(tx: Db, vendorOrderId: string): Promise<number> {
  const [row] = await tx
    .select({ left: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.vendorOrderId, vendorOrderId), eq(ledgerEntries.kind, 'shipping')));
  return Number(row.left);
}

/**
 * A cancellation: every entry of the vendor orders that is not a reversal and not yet reversed gets
 * its reversing entry (refunds too, so a refunded then cancelled order nets to exactly zero). The
 * unique index on reverses_entry_id makes a second cancellation write nothing.
 */
export async function reverseOrderEntries(tx: Db, vendorOrderIds: readonly string[], occurredAt: Date, memo: string) {
  if (vendorOrderIds.length === 0) return;
  const reversal = sql`select 1 from ${ledgerEntries} r where r.reverses_entry_id = ${ledgerEntries.id}`;
  // A bought label stays the vendor's cost whatever happens to the order: voiding it gives it back.
  const open = await tx
    .select()
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.vendorOrderId, [...vendorOrderIds]),
        isNull(ledgerEntries.reversesEntryId),
        isNull(ledgerEntries.payoutId),
        sql`${ledgerEntries.kind} <> 'label_cost'`,
        sql`not exists (${reversal})`,
      ),
    );
  await append(
    tx,
    open.map(({ id, createdAt: _createdAt, ...original }) => ({
      ...original,
      amount: -original.amount,
      reversesEntryId: id,
      occurredAt,
      memo,
    })),
  );
}

/**
 * An admin's new commission on a line (PUT orders/commission): the difference to what the ledger
 * holds for the units not refunded, as one more commission entry (the arrival entry stays as it was).
 */
export async function recordCommissionChange(
  tx: Db,
  ref: VendorOrderRef,
  change: { line: LedgerLine & { refundedQuantity: number }; newCommission: number; occurredAt: Date },
) {
  const { line } = change;
  const kept = (commission: number) => commission - shareOfUnits(commission, line.quantity, 0, line.refundedQuantity);
  const delta = kept(change.newCommission) - kept(line.commission);
  await append(tx, [
    {
      ...entry(ref, 'commission', -delta, NO_FLAGS_NEEDED, change.occurredAt),
      orderLineId: line.id,
      memo: 'Commission changed by an admin',
    },
  ]);
}

/** Commission entries always count in payouts and never in sales, whatever the settings. */
const NO_FLAGS_NEEDED: FinanceConfig = {
  includeDiscount: false,
  includeShipping: false,
  includeTax: false,
  shippingInPayout: false,
  discountInPayout: false,
  taxInPayout: false,
};

/**
 * A shipping label bought with the marketplace's account: its cost is taken from the vendor
 * (label_cost −, in the label's currency). Answers the entry's id, which a void reverses.
 */
export async function recordLabelCost(
  tx: Db,
  ref: VendorOrderRef,
  label: { amount: number; occurredAt: Date; memo: string },
): Promise<string> {
  const [row] = await tx
    .insert(ledgerEntries)
    .values(entry(ref, 'label_cost', -label.amount, NO_FLAGS_NEEDED, label.occurredAt, { memo: label.memo }))
    .returning({ id: ledgerEntries.id });
  return row.id;
}

/** A voided label's cost given back: the reversing entry of its label_cost entry (once: the unique reversal index). */
export async function reverseLabelCost(tx: Db, costEntryId: string, occurredAt: Date, memo: string) {
  const [cost] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, costEntryId));
  if (!cost) return;
  const { id, createdAt: _createdAt, ...original } = cost;
  await tx
    .insert(ledgerEntries)
    .values({ ...original, amount: -original.amount, reversesEntryId: id, occurredAt, memo })
    .onConflictDoNothing();
}
