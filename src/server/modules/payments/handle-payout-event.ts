import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { fromStripeAmount } from '#server/adapters/payments/stripe-amounts';
import { ledgerEntries, paymentEvents, payouts, vendorPayoutAccounts, type PaymentProvider } from '#server/db/schema/index';
import { isUuid } from '#server/lib/is-uuid';
import { raiseException } from './payout-exceptions.ts';
import { markPaid, reversePayout, type Payout } from './settle-payout.ts';
import { rememberStripeReadiness } from './payout-accounts.ts';

type Json = Record<string, unknown>;
export interface ProviderEvent {
  id: string;
  type: string;
  /** Stripe: the connected account the event happened on. */
  account?: string;
  object: Json;
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : null);
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

/** A Stripe event (`data.object`) or a PayPal one (`resource`), or null when the body is neither. */
export function parseProviderEvent(provider: PaymentProvider, body: unknown): ProviderEvent | null {
  const e = obj(body);
  const id = str(e.id);
  const type = str(provider === 'stripe' ? e.type : e.event_type);
  const object = provider === 'stripe' ? obj(obj(e.data).object) : obj(e.resource);
  if (!id || !type) return null;
  return { id, type, account: str(e.account) ?? undefined, object };
}

async function findPayout(ctx: AppContext, storeId: string, provider: PaymentProvider, match: SQL | undefined): Promise<Payout | null> {
  if (!match) return null;
  const [payout] = await ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.storeId, storeId), eq(payouts.method, provider), match));
  return payout ?? null;
}

/** Our payout id as the provider carries it back (transfer metadata, PayPal's sender_item_id), or its own reference. */
const byIdOrRef = (ourId: string | null, providerRef: string | null) =>
  or(ourId && isUuid(ourId) ? eq(payouts.id, ourId) : undefined, providerRef ? eq(payouts.providerRef, providerRef) : undefined);

/** The payment came back or never arrived: reversed, its orders due again, listed with the provider's reason. */
async function undo(
  ctx: AppContext,
  payout: Payout,
  kind: 'failed' | 'returned' | 'reversed' | 'blocked',
  reason: string,
  providerRef: string | null,
) {
  await reversePayout(ctx, payout, {
    from: ['pending', 'paid'],
    to: payout.state === 'paid' ? 'returned' : 'failed',
    message: reason,
    exception: { kind, providerRef },
  });
}

async function applyStripe(ctx: AppContext, storeId: string, event: ProviderEvent) {
  const o = event.object;
  if (event.type === 'transfer.reversed') {
    const transferId = str(o.id);
    const payout = await findPayout(ctx, storeId, 'stripe', byIdOrRef(str(obj(o.metadata).payout_id) ?? str(o.transfer_group), transferId));
    if (!payout) return;
    const currency = str(o.currency) ?? payout.currency;
    // amount_reversed is what all reversals of the transfer took back so far.
    const reversed = fromStripeAmount(Number(o.amount_reversed ?? 0), currency);
    if (reversed >= payout.amount) return undo(ctx, payout, 'reversed', 'Stripe reversed the transfer', transferId);
    if (reversed <= 0) return;
    await bookPartReversal(ctx, payout, reversed, transferId);
    return;
  }
  const connectedAccount = event.account ?? str(o.id);
  if (event.type === 'account.updated' && connectedAccount) {
    await rememberStripeReadiness(ctx, storeId, connectedAccount, o.payouts_enabled === true);
    return;
  }
  if (event.type === 'payout.failed' && event.account) {
    // The vendor's own bank payout from its Stripe balance: our transfer stands, the vendor must fix its bank details.
    const [account] = await ctx.db
      .select({ vendorId: vendorPayoutAccounts.vendorId })
      .from(vendorPayoutAccounts)
      .where(
        and(
          eq(vendorPayoutAccounts.storeId, storeId),
          eq(vendorPayoutAccounts.provider, 'stripe'),
          eq(vendorPayoutAccounts.accountRef, event.account),
        ),
      );
    const currency = (str(o.currency) ?? 'usd').toUpperCase();
    await raiseException(ctx.db, ctx.now(), {
      storeId,
      provider: 'stripe',
      kind: 'bank_payout_failed',
      reason: str(o.failure_message) ?? str(o.failure_code) ?? 'The bank refused the payout',
      vendorId: account?.vendorId ?? null,
      providerRef: str(o.id),
      amount: fromStripeAmount(Number(o.amount ?? 0), currency),
      currency,
      key: `stripe-payout:${str(o.id) ?? event.id}`,
    });
  }
}

/**
 * Part of a transfer came back: only that part returns to the vendor's balance (a `payout` entry
 * against the payout, so the vendor's paid-out figure is what it kept), once per amount Stripe
 * reports, in the transaction that locks the payout; its orders stay paid, and the next payout of
 * the vendor pays the part again. Listed for the admins, who may want to know why.
 */
async function bookPartReversal(ctx: AppContext, payout: Payout, reversed: number, transferId: string | null) {
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ state: payouts.state })
      .from(payouts)
      .where(and(eq(payouts.id, payout.id), eq(payouts.storeId, payout.storeId)))
      .for('update');
    if (locked?.state !== 'paid' && locked?.state !== 'pending') return;
    const [booked] = await tx
      .select({ amount: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.storeId, payout.storeId),
          eq(ledgerEntries.payoutId, payout.id),
          eq(ledgerEntries.kind, 'payout'),
          isNull(ledgerEntries.reversesEntryId),
          gt(ledgerEntries.amount, 0),
        ),
      );
    const part = reversed - Number(booked.amount);
    if (part <= 0) return;
    await tx.insert(ledgerEntries).values({
      storeId: payout.storeId,
      vendorId: payout.vendorId,
      currency: payout.currency,
      amount: part,
      kind: 'payout',
      inPayout: true,
      inSales: false,
      payoutId: payout.id,
      occurredAt: ctx.now(),
      memo: 'Stripe reversed part of the transfer',
    });
    await raiseException(tx, ctx.now(), {
      storeId: payout.storeId,
      provider: 'stripe',
      kind: 'reversed',
      reason: 'Stripe reversed part of the transfer: that part is due to the vendor again',
      payoutId: payout.id,
      vendorId: payout.vendorId,
      providerRef: transferId,
      amount: reversed,
      currency: payout.currency,
      key: `payout:${payout.id}:partly-reversed:${reversed}`,
    });
  });
}

const PAYPAL_UNDONE: Record<string, 'failed' | 'returned' | 'blocked'> = {
  'PAYMENT.PAYOUTS-ITEM.FAILED': 'failed',
  'PAYMENT.PAYOUTS-ITEM.RETURNED': 'returned',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED': 'blocked',
};

async function applyPayPal(ctx: AppContext, storeId: string, event: ProviderEvent) {
  const item = event.object;
  const itemId = str(item.payout_item_id);
  const payout = await findPayout(ctx, storeId, 'paypal', byIdOrRef(str(obj(item.payout_item).sender_item_id), str(item.payout_batch_id)));
  if (!payout) return;
  const errors = obj(item.errors);
  const reason = [`PayPal: ${str(item.transaction_status) ?? event.type.split('.').at(-1)}`, str(errors.message) ?? str(errors.name)]
    .filter(Boolean)
    .join(' ');
  if (event.type === 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED') {
    await markPaid(ctx, payout, payout.providerRef ?? str(item.payout_batch_id));
    return;
  }
  const undone = PAYPAL_UNDONE[event.type];
  if (undone) return undo(ctx, payout, undone, reason, itemId);
  if (event.type === 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED') {
    // The receiver has no account yet: PayPal returns the money after 30 days unless claimed (a RETURNED event follows).
    await raiseException(ctx.db, ctx.now(), {
      storeId,
      provider: 'paypal',
      kind: 'unclaimed',
      reason: `${reason}: the receiver has 30 days to claim it, else PayPal returns it`,
      payoutId: payout.id,
      vendorId: payout.vendorId,
      providerRef: itemId,
      amount: payout.amount,
      currency: payout.currency,
      key: `payout:${payout.id}:unclaimed`,
    });
  }
}

/**
 * Applies one verified provider event, once: its id is recorded first, so a redelivery changes
 * nothing (and when applying fails the record is taken back, so the provider's retry applies it).
 * Answers whether it was new.
 */
export async function applyPayoutEvent(
  ctx: AppContext,
  storeId: string,
  provider: PaymentProvider,
  event: ProviderEvent,
): Promise<boolean> {
  const [fresh] = await ctx.db
    .insert(paymentEvents)
    .values({ storeId, provider, eventId: event.id, type: event.type, receivedAt: ctx.now() })
    .onConflictDoNothing()
    .returning();
  if (!fresh) return false;
  try {
    await (provider === 'stripe' ? applyStripe(ctx, storeId, event) : applyPayPal(ctx, storeId, event));
  } catch (error) {
    await ctx.db
      .delete(paymentEvents)
      .where(and(eq(paymentEvents.storeId, storeId), eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, event.id)));
    throw error;
  }
  return true;
}
