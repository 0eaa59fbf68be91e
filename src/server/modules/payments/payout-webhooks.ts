import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { paymentWebhooks, type PaymentProvider } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';
import { findPayPal, findStripe } from './provider-keys.ts';

/** The platform account's payout events, and its connected accounts' (a vendor's bank payout that failed, its onboarding's progress). */
export const STRIPE_ACCOUNT_EVENTS = ['transfer.reversed'] as const;
export const STRIPE_CONNECT_EVENTS = ['payout.failed', 'account.updated'] as const;
export const PAYPAL_EVENTS = [
  'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
  'PAYMENT.PAYOUTS-ITEM.FAILED',
  'PAYMENT.PAYOUTS-ITEM.RETURNED',
  'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED',
] as const;

const sealContext = (storeId: string, scope: string) => `${storeId}:payments:webhook:${scope}`;
export const payoutWebhookUrl = (ctx: AppContext, provider: PaymentProvider, storeId: string) =>
  `${ctx.config.publicUrl}/api/payments/webhook/${provider}/${encodeURIComponent(storeId)}`;

async function known(ctx: AppContext, storeId: string, provider: PaymentProvider) {
  return ctx.db
    .select()
    .from(paymentWebhooks)
    .where(and(eq(paymentWebhooks.storeId, storeId), eq(paymentWebhooks.provider, provider)));
}

/**
 * Registers the store's payout webhooks with the providers it has keys for, once each. A provider
 * that refuses (it only calls public https addresses) leaves it for the next try: saving a key and
 * the daily reconciliation ask again, and the reconciliation finds what events would have said.
 */
export async function ensurePayoutWebhooks(ctx: AppContext, storeId: string) {
  const encryption = await getEncryption(ctx.db);
  const stripe = await findStripe(ctx, storeId);
  if (stripe) {
    const have = new Set((await known(ctx, storeId, 'stripe')).map((w) => w.scope));
    for (const scope of ['account', 'connect'] as const) {
      if (have.has(scope)) continue;
      const endpoint = await stripe.client
        .createWebhookEndpoint({
          url: payoutWebhookUrl(ctx, 'stripe', storeId),
          events: scope === 'account' ? STRIPE_ACCOUNT_EVENTS : STRIPE_CONNECT_EVENTS,
          connect: scope === 'connect',
        })
        .catch(() => null);
      if (endpoint) {
        await ctx.db
          .insert(paymentWebhooks)
          .values({
            storeId,
            provider: 'stripe',
            scope,
            endpointId: endpoint.id,
            secretSealed: encryption.encrypt(endpoint.secret, sealContext(storeId, scope)),
          })
          .onConflictDoNothing();
      }
    }
  }
  const paypal = await findPayPal(ctx, storeId);
  if (paypal && (await known(ctx, storeId, 'paypal')).length === 0) {
    const webhook = await paypal.client
      .createWebhook({ url: payoutWebhookUrl(ctx, 'paypal', storeId), eventTypes: PAYPAL_EVENTS })
      .catch(() => null);
    if (webhook)
      await ctx.db
        .insert(paymentWebhooks)
        .values({ storeId, provider: 'paypal', scope: 'account', endpointId: webhook.id })
        .onConflictDoNothing();
  }
}

/** The store's Stripe signing secrets (the platform's and the connected accounts' endpoints). */
export async function stripeWebhookSecrets(ctx: AppContext, storeId: string): Promise<string[]> {
  const rows = await known(ctx, storeId, 'stripe');
  if (rows.length === 0) return [];
  const encryption = await getEncryption(ctx.db);
  return rows.map((row) => encryption.decrypt(row.secretSealed, sealContext(storeId, row.scope)));
}

/** The store's PayPal webhook id, or null before it was registered. */
export async function paypalWebhookId(ctx: AppContext, storeId: string): Promise<string | null> {
  return (await known(ctx, storeId, 'paypal'))[0]?.endpointId ?? null;
}

/** A key removed: its webhooks go with it (a new key registers its own). */
export async function forgetPayoutWebhooks(ctx: AppContext, storeId: string, provider: PaymentProvider) {
  await ctx.db.delete(paymentWebhooks).where(and(eq(paymentWebhooks.storeId, storeId), eq(paymentWebhooks.provider, provider)));
}
