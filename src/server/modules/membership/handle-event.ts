import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '#shared/schemas/membership';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { membershipEvents, vendorMemberships, vendors } from '#server/db/schema/index';
import { isUuid } from '#server/lib/is-uuid';

interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : null);
const date = (unix: unknown) => (typeof unix === 'number' ? new Date(unix * 1000) : null);
const metadataOf = (object: Record<string, unknown>) =>
  object.metadata && typeof object.metadata === 'object' ? (object.metadata as Record<string, unknown>) : {};
const idOf = (value: unknown) => str(value) ?? (value && typeof value === 'object' ? str((value as { id?: unknown }).id) : null);

export function parseEvent(body: unknown): StripeEvent | null {
  const e = body as Partial<StripeEvent> | null;
  if (
    !e ||
    typeof e.id !== 'string' ||
    typeof e.type !== 'string' ||
    typeof e.created !== 'number' ||
    !e.data ||
    typeof e.data.object !== 'object' ||
    !e.data.object
  )
    return null;
  return e as StripeEvent;
}

/** The vendor an event is about: the metadata we put on the checkout, else the subscription we already know. */
async function vendorOf(tx: Db, storeId: string, object: Record<string, unknown>, subscriptionId: string | null): Promise<string | null> {
  const named = str(metadataOf(object).vendor_id) ?? str(object.client_reference_id);
  if (named && isUuid(named)) {
    const [vendor] = await tx
      .select({ id: vendors.id })
      .from(vendors)
      .where(and(eq(vendors.storeId, storeId), eq(vendors.id, named)));
    if (vendor) return vendor.id;
  }
  if (!subscriptionId) return null;
  const [known] = await tx
    .select({ id: vendorMemberships.vendorId })
    .from(vendorMemberships)
    .where(and(eq(vendorMemberships.storeId, storeId), eq(vendorMemberships.subscriptionId, subscriptionId)));
  return known?.id ?? null;
}

/** What a subscription object says (the period end sits on its item since API 2025-03-31, on the subscription before). */
function subscriptionFields(sub: Record<string, unknown>, deleted: boolean) {
  const item = ((sub.items as { data?: Record<string, unknown>[] } | undefined)?.data ?? [])[0] ?? {};
  const status = str(sub.status);
  return {
    subscriptionId: str(sub.id),
    customerId: idOf(sub.customer),
    status: deleted
      ? ('canceled' as const)
      : SUBSCRIPTION_STATUSES.includes(status as SubscriptionStatus)
        ? (status as SubscriptionStatus)
        : null,
    priceId: idOf((item as { price?: unknown }).price),
    currentPeriodEnd: date(item.current_period_end ?? sub.current_period_end),
    trialEnd: date(sub.trial_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
  };
}

/**
 * Applies one verified event of a store's Stripe account, once: the event id is stored in the same
 * transaction, so a redelivery changes nothing. A subscription event older than the last one applied
 * (Stripe does not promise order) leaves the newer state alone. Answers whether it had an effect.
 */
export async function applyMembershipEvent(ctx: AppContext, storeId: string, event: StripeEvent): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(membershipEvents)
      .values({ storeId, eventId: event.id, type: event.type, receivedAt: ctx.now() })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return false;
    const object = event.data.object;
    const at = new Date(event.created * 1000);
    let fields: Partial<ReturnType<typeof subscriptionFields>>;
    if (event.type === 'checkout.session.completed') {
      fields = { customerId: idOf(object.customer), subscriptionId: idOf(object.subscription) };
    } else if (event.type.startsWith('customer.subscription.')) {
      fields = subscriptionFields(object, event.type === 'customer.subscription.deleted');
    } else return false;
    const vendorId = await vendorOf(tx, storeId, object, fields.subscriptionId ?? null);
    if (!vendorId) return false;
    const set = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
    await tx
      .insert(vendorMemberships)
      .values({ storeId, vendorId, ...set, eventCreatedAt: at, updatedAt: ctx.now() })
      .onConflictDoUpdate({
        target: [vendorMemberships.vendorId, vendorMemberships.storeId],
        set: { ...set, eventCreatedAt: at, updatedAt: ctx.now() },
        setWhere: or(isNull(vendorMemberships.eventCreatedAt), lte(vendorMemberships.eventCreatedAt, at)),
      });
    return true;
  });
}
