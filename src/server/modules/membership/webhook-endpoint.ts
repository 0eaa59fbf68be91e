import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import type { StripeBillingClient } from '#server/adapters/payments/stripe-billing';
import { membershipWebhooks } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';
import { viaStripe } from './billing-client.ts';

/** The events that move a vendor's membership. */
export const MEMBERSHIP_EVENTS = ['checkout.session.completed', 'customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'] as const;

const sealContext = (storeId: string) => `${storeId}:membership:webhook`;
export const webhookUrl = (ctx: AppContext, storeId: string) => `${ctx.config.publicUrl}/api/membership/webhook/${encodeURIComponent(storeId)}`;

/**
 * Registers the store's webhook endpoint with Stripe the first time a vendor checks out: Stripe shows
 * an endpoint's signing secret only when it is created, so it is sealed and kept.
 */
export async function ensureWebhookEndpoint(ctx: AppContext, storeId: string, billing: StripeBillingClient) {
  const [known] = await ctx.db.select({ id: membershipWebhooks.endpointId }).from(membershipWebhooks).where(eq(membershipWebhooks.storeId, storeId));
  if (known) return;
  const endpoint = await viaStripe(() => billing.createWebhookEndpoint({ url: webhookUrl(ctx, storeId), events: MEMBERSHIP_EVENTS }));
  const encryption = await getEncryption(ctx.db);
  // Two first checkouts at once: the first row stays, the other endpoint just never signs anything we accept.
  await ctx.db
    .insert(membershipWebhooks)
    .values({ storeId, endpointId: endpoint.id, secretSealed: encryption.encrypt(endpoint.secret, sealContext(storeId)) })
    .onConflictDoNothing();
}

/** The store's webhook signing secret, or null before any vendor checked out. */
export async function findWebhookSecret(ctx: AppContext, storeId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ sealed: membershipWebhooks.secretSealed }).from(membershipWebhooks).where(eq(membershipWebhooks.storeId, storeId));
  if (!row) return null;
  return (await getEncryption(ctx.db)).decrypt(row.sealed, sealContext(storeId));
}
