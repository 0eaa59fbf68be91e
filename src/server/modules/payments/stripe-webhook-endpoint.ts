import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import type { StripeBillingClient } from '#server/adapters/payments/stripe-billing';
import { membershipWebhooks } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';

/** The events of the marketplace's Stripe account we act on: vendors' memberships, and the built-in checkout's card payments (checkout sessions). */
export const STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

const sealContext = (storeId: string) => `${storeId}:membership:webhook`;
export const webhookUrl = (ctx: AppContext, storeId: string) =>
  `${ctx.config.publicUrl}/api/membership/webhook/${encodeURIComponent(storeId)}`;

/**
 * Registers the store's webhook endpoint with Stripe the first time a vendor or a buyer checks out
 * through Stripe (a provider refusal is thrown as the adapter's ProviderError): Stripe shows
 * an endpoint's signing secret only when it is created, so it is sealed and kept.
 */
export async function ensureWebhookEndpoint(ctx: AppContext, storeId: string, billing: StripeBillingClient) {
  const [known] = await ctx.db
    .select({ id: membershipWebhooks.endpointId })
    .from(membershipWebhooks)
    .where(eq(membershipWebhooks.storeId, storeId));
  if (known) return;
  const endpoint = await billing.createWebhookEndpoint({ url: webhookUrl(ctx, storeId), events: STRIPE_EVENTS });
  const encryption = await getEncryption(ctx.db);
  // Two first checkouts at once: the first row stays, the other endpoint just never signs anything we accept.
  await ctx.db
    .insert(membershipWebhooks)
    .values({ storeId, endpointId: endpoint.id, secretSealed: encryption.encrypt(endpoint.secret, sealContext(storeId)) })
    .onConflictDoNothing();
}

/** The store's webhook signing secret, or null before any vendor checked out. */
export async function findWebhookSecret(ctx: AppContext, storeId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ sealed: membershipWebhooks.secretSealed })
    .from(membershipWebhooks)
    .where(eq(membershipWebhooks.storeId, storeId));
  if (!row) return null;
  return (await getEncryption(ctx.db)).decrypt(row.sealed, sealContext(storeId));
}
