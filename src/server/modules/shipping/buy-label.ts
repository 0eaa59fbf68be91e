import { randomUUID } from 'node:crypto';
import { and, asc, eq, lte, ne } from 'drizzle-orm';
import { RATE_MAX_AGE_DAYS, SHIPPING_MESSAGES, type LabelBody } from '#shared/schemas/shipping';
import type { AppContext } from '#server/context';
import { SHIPPING_TIMEOUT_MS, ShippingProviderError, type ProviderPurchase } from '#server/adapters/shipping/index';
import { MARKETPLACE_OWNER, orderLines, shippingLabels, shippingRates, vendorOrders } from '#server/db/schema/index';
import { AppError, badRequest, notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { runProviderStep } from '#server/lib/provider-step';
import { z } from 'zod';
import { defineJob } from '#server/jobs/job-kind';
import { recordLabelCost } from '../finance/index.ts';
import { getScopedVendorOrder, recordShipment } from '../orders/index.ts';
import { labelView, type LabelRow } from './shipping-scope.ts';
import { LabelRefused, labelErrorMeaning } from './provider-errors.ts';
import { shippingAccountOf } from '../delivery/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const LABEL_RECOVERY_JOB = defineJob('shipping.label-recover', z.object({}));
const RECOVERY_EVERY_MS = 60_000;
const RECOVERY_BATCH = 100;
/**
 * How long the request that recorded a label may still be talking to the provider (a look-up and a
 * purchase, each within the provider timeout). Shippo has no idempotency key, so only that request
 * calls it meanwhile: the others wait for its answer, and the recovery leaves younger labels alone.
 */
const CALL_WINDOW_MS = 2 * SHIPPING_TIMEOUT_MS + 5_000;
const WAIT_STEP_MS = 100;

const pendingLabel = (storeId: string, labelId: string) =>
  and(eq(shippingLabels.storeId, storeId), eq(shippingLabels.id, labelId), eq(shippingLabels.status, 'pending'));

/**
 * The purchase recorded: the label file kept in our storage, the shipment of what is left of the
 * order (carrier, tracking number and URL) and, for a label bought with the marketplace's account,
 * its cost to the vendor (ledger), all in one transaction with the vendor order locked. Throws when
 * the order cannot be shipped any more (cancelled meanwhile): the step then refunds the label.
 */
async function settleLabel(ctx: AppContext, label: LabelRow, purchase: ProviderPurchase): Promise<LabelRow> {
  const account = await shippingAccountOf(ctx, ctx.db, label.storeId, label.keyOwner);
  const file = await account.downloadLabel(purchase.labelUrl);
  const fileKey = `labels/${label.storeId}/${label.id}.pdf`;
  await ctx.storage.put(fileKey, file.body, file.contentType);
  return ctx.db.transaction(async (tx) => {
    const [vendorOrder] = await tx
      .select()
      .from(vendorOrders)
      .where(and(eq(vendorOrders.storeId, label.storeId), eq(vendorOrders.id, label.vendorOrderId)))
      .for('update');
    const [current] = await tx
      .select()
      .from(shippingLabels)
      .where(and(eq(shippingLabels.storeId, label.storeId), eq(shippingLabels.id, label.id)));
    // Settled by another process (the request and the recovery at once): its result stands.
    if (current.status !== 'pending') return current;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.vendorOrderId, vendorOrder.id));
    const lineItems = lines.map((l) => ({ id: l.id, quantity: l.quantity - l.fulfilledQuantity })).filter((l) => l.quantity > 0);
    if (lineItems.length === 0) throw new AppError('conflict', SHIPPING_MESSAGES.nothingToShip);
    const by = { storeId: label.storeId, userId: label.createdBy };
    const shipment = await recordShipment(tx, ctx, by, vendorOrder, {
      carrier: label.carrier,
      tracking: purchase.trackingNumber,
      url: purchase.trackingUrl,
      lineItems,
    });
    const costEntryId =
      label.keyOwner === MARKETPLACE_OWNER
        ? await recordLabelCost(
            tx,
            {
              storeId: label.storeId,
              vendorId: vendorOrder.vendorId,
              currency: label.currency,
              orderId: vendorOrder.orderId,
              vendorOrderId: vendorOrder.id,
              orderName: vendorOrder.orderName,
            },
            { amount: label.amount, occurredAt: ctx.now(), memo: `Shipping label ${label.carrier} ${purchase.trackingNumber}`.trim() },
          )
        : null;
    const [bought] = await tx
      .update(shippingLabels)
      .set({
        status: 'purchased',
        purchaseId: purchase.id,
        trackingNumber: purchase.trackingNumber,
        trackingUrl: purchase.trackingUrl,
        fileKey,
        fulfillmentId: shipment.id,
        costEntryId,
      })
      .where(pendingLabel(label.storeId, label.id))
      .returning();
    return bought;
  });
}

/** The purchase did not happen, or was undone: the label is out of the way of a new one. */
async function releaseLabel(ctx: AppContext, label: LabelRow) {
  await ctx.db.update(shippingLabels).set({ status: 'voided', voidedAt: ctx.now() }).where(pendingLabel(label.storeId, label.id));
}

/**
 * The provider step of a pending label: Shippo has no idempotency key, so the purchases of the rate
 * are always looked up first (`GET /transactions/?rate=`) and a label is bought only when there is
 * none. Bought → recorded (or, when the order cannot ship any more, refunded at Shippo and
 * released); refused → released with Shippo's words; no answer → still pending, for the recovery.
 */
async function completeLabel(ctx: AppContext, label: LabelRow): Promise<LabelRow> {
  const account = await shippingAccountOf(ctx, ctx.db, label.storeId, label.keyOwner);
  const [vendorOrder] = await ctx.db
    .select({ orderName: vendorOrders.orderName })
    .from(vendorOrders)
    .where(and(eq(vendorOrders.storeId, label.storeId), eq(vendorOrders.id, label.vendorOrderId)));
  return runProviderStep<ProviderPurchase, LabelRow>(
    {
      find: async () => (await account.findPurchases(label.rateId)).find((p) => p.status === 'SUCCESS') ?? null,
      call: async () => {
        const purchase = await account.buyLabel(label.rateId, `${vendorOrder?.orderName ?? ''} ${label.vendorOrderId}`.trim());
        if (purchase.status === 'SUCCESS') return purchase;
        if (purchase.status === 'ERROR') throw new LabelRefused(purchase.messages.join('; ') || purchase.status);
        throw new ShippingProviderError(`The purchase is ${purchase.status}`);
      },
      settle: async (purchase) => {
        try {
          return await settleLabel(ctx, label, purchase);
        } catch (error) {
          // The file could not be fetched: the purchase stands and the recovery finishes it.
          if (labelErrorMeaning(error) !== null) return label;
          throw error;
        }
      },
      compensate: async (purchase) => {
        try {
          await account.refundLabel(purchase.id);
        } catch (error) {
          // The refund did not go through: the label stays pending and the recovery tries again.
          if (labelErrorMeaning(error) !== null) return;
          throw error;
        }
        await releaseLabel(ctx, label);
      },
      fail: async (reason) => {
        await releaseLabel(ctx, label);
        throw new AppError('conflict', SHIPPING_MESSAGES.providerFailed(reason));
      },
      keepPending: async () => label,
      meaning: labelErrorMeaning,
    },
    { lookFirst: true },
  );
}

/** Another request's label: once it is out of pending (or its request's time is up), as it stands. */
async function awaitLabel(ctx: AppContext, label: LabelRow): Promise<LabelRow> {
  let current = label;
  const until = Date.now() + CALL_WINDOW_MS;
  while (current.status === 'pending' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    [current] = await ctx.db
      .select()
      .from(shippingLabels)
      .where(and(eq(shippingLabels.storeId, label.storeId), eq(shippingLabels.id, label.id)));
  }
  return current;
}

/**
 * POST shippo/label: buys the label of a rate quoted for a vendor order, once. The purchase is
 * recorded as a pending label first (the vendor order locked meanwhile, and at most one label of an
 * order in use), so a double click, a retry or two tabs get that label; the provider is called
 * outside any transaction, and its answer recorded in a second one (see completeLabel). A pending
 * label is answered as such and finished by the recovery.
 */
export async function buyLabel(ctx: AppContext, auth: AuthContext, body: LabelBody) {
  const intent = await ctx.db.transaction(async (tx) => {
    const vendorOrder = await getScopedVendorOrder(tx, auth, body.orderId, { forUpdate: true });
    const [rate] = await tx
      .select()
      .from(shippingRates)
      .where(
        and(eq(shippingRates.storeId, auth.storeId), eq(shippingRates.id, body.rateId), eq(shippingRates.vendorOrderId, vendorOrder.id)),
      );
    if (!rate) throw notFound(SHIPPING_MESSAGES.rateNotFound);
    const [active] = await tx
      .select()
      .from(shippingLabels)
      .where(
        and(
          eq(shippingLabels.storeId, auth.storeId),
          eq(shippingLabels.vendorOrderId, vendorOrder.id),
          ne(shippingLabels.status, 'voided'),
        ),
      );
    if (active) {
      if (active.rateId === rate.id) return { label: active, existing: true };
      throw new AppError('conflict', SHIPPING_MESSAGES.alreadyLabelled);
    }
    if (vendorOrder.fulfillment === 'cancelled') throw new AppError('conflict', 'This order is cancelled');
    const lines = await tx.select().from(orderLines).where(eq(orderLines.vendorOrderId, vendorOrder.id));
    if (!lines.some((l) => l.quantity > l.fulfilledQuantity)) throw new AppError('conflict', SHIPPING_MESSAGES.nothingToShip);
    if (ctx.now().getTime() - rate.createdAt.getTime() > RATE_MAX_AGE_DAYS * DAY_MS) {
      throw badRequest(SHIPPING_MESSAGES.rateExpired, [{ path: 'rateId', message: SHIPPING_MESSAGES.rateExpired }]);
    }
    const [label] = await tx
      .insert(shippingLabels)
      .values({
        storeId: auth.storeId,
        id: randomUUID(),
        vendorId: vendorOrder.vendorId,
        vendorOrderId: vendorOrder.id,
        rateId: rate.id,
        keyOwner: rate.keyOwner,
        status: 'pending',
        carrier: rate.carrier,
        service: rate.service,
        amount: rate.amount,
        currency: rate.currency,
        createdBy: auth.userId,
        createdAt: ctx.now(),
        attemptedAt: ctx.now(),
      })
      .returning();
    return { label, existing: false };
  });
  if (intent.existing) return { label: labelView(await awaitLabel(ctx, intent.label)) };
  return { label: labelView(await completeLabel(ctx, intent.label)) };
}

/**
 * The labels a crash or an unreachable provider left pending, past their call's window, each finished
 * by asking the provider. Each is taken over first (its attempt time moved to now, if no one else
 * moved it): processes that start together all run a recovery pass, and only one of them may call
 * Shippo for a label.
 */
export async function recoverLabels(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - Math.max(CALL_WINDOW_MS, ctx.config.payments.recoveryAfterSeconds * 1000));
  const pending = await ctx.db
    .select({ storeId: shippingLabels.storeId, id: shippingLabels.id })
    .from(shippingLabels)
    .where(and(eq(shippingLabels.status, 'pending'), lte(shippingLabels.attemptedAt, before)))
    .orderBy(asc(shippingLabels.attemptedAt))
    .limit(RECOVERY_BATCH);
  for (const { storeId, id } of pending) {
    const [label] = await ctx.db
      .update(shippingLabels)
      .set({ attemptedAt: ctx.now() })
      .where(and(pendingLabel(storeId, id), lte(shippingLabels.attemptedAt, before)))
      .returning();
    if (!label) continue;
    await completeLabel(ctx, label).catch((error: unknown) => {
      // A label that cannot be finished (refused, order cancelled) was released or refunded: nothing to retry.
      if (!(error instanceof AppError)) throw error;
    });
  }
  return pending.length;
}

/** Queues the next recovery pass; the minute is in the dedupe key, so every process asking queues one. */
export async function scheduleLabelRecovery(ctx: AppContext, after = ctx.now()) {
  const at = new Date(Math.ceil((after.getTime() + 1) / RECOVERY_EVERY_MS) * RECOVERY_EVERY_MS);
  await ctx.jobs.enqueue(LABEL_RECOVERY_JOB, {}, { runAt: at, dedupeKey: `${LABEL_RECOVERY_JOB.type}:${at.toISOString()}` });
}

export function registerLabelRecovery(ctx: AppContext) {
  ctx.jobs.register(LABEL_RECOVERY_JOB, async () => {
    await recoverLabels(ctx);
    await scheduleLabelRecovery(ctx);
  });
}

/** At start: the labels a crash left in flight are finished at once, then the recurring recovery is queued. */
export async function startLabelRecovery(ctx: AppContext) {
  await scheduleLabelRecovery(ctx);
  void recoverLabels(ctx).catch((error: unknown) => console.error('label recovery failed', error));
}
