import { and, eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES, type PayPalKeyBodySchema } from '#shared/schemas/payments';
import type { z } from 'zod';
import type { AppContext } from '#server/context';
import type { PayPalCredentials, StripeClient, PayPalClient } from '#server/adapters/payments/types';
import { ProviderError } from '#server/adapters/payments/types';
import { paymentProviderKeys, type PaymentProvider } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { getEncryption } from '#server/lib/encryption';
import { patchStoreSettings, readStoreSettings } from '../settings/index.ts';

// The provider is part of the encryption context: a Stripe key copied into the PayPal row does not decrypt.
const context = (storeId: string, provider: PaymentProvider) => `${storeId}:payments:${provider}`;

async function readSealed(ctx: AppContext, storeId: string, provider: PaymentProvider) {
  const [row] = await ctx.db
    .select()
    .from(paymentProviderKeys)
    .where(and(eq(paymentProviderKeys.storeId, storeId), eq(paymentProviderKeys.provider, provider)));
  if (!row) return null;
  const encryption = await getEncryption(ctx.db);
  return { isTest: row.isTest, secret: encryption.decrypt(row.sealed, context(storeId, provider)) };
}

async function writeSealed(ctx: AppContext, auth: AuthContext, provider: PaymentProvider, secret: string, isTest: boolean) {
  const encryption = await getEncryption(ctx.db);
  const values = {
    storeId: auth.storeId,
    provider,
    sealed: encryption.encrypt(secret, context(auth.storeId, provider)),
    isTest,
    updatedBy: auth.userId,
    updatedAt: ctx.now(),
  };
  await ctx.db
    .insert(paymentProviderKeys)
    .values(values)
    .onConflictDoUpdate({ target: [paymentProviderKeys.storeId, paymentProviderKeys.provider], set: values });
}

async function removeSealed(ctx: AppContext, storeId: string, provider: PaymentProvider) {
  await ctx.db.delete(paymentProviderKeys).where(and(eq(paymentProviderKeys.storeId, storeId), eq(paymentProviderKeys.provider, provider)));
}

/** The store's Stripe client, or null while no key is saved. */
export async function findStripe(ctx: AppContext, storeId: string): Promise<{ client: StripeClient; isTest: boolean } | null> {
  const found = await readSealed(ctx, storeId, 'stripe');
  return found && { client: ctx.payments.stripe(found.secret), isTest: found.isTest };
}

export async function getStripe(ctx: AppContext, storeId: string) {
  const found = await findStripe(ctx, storeId);
  if (!found) throw new AppError('conflict', PAYMENT_MESSAGES.stripeNotConnected);
  return found;
}

/** The store's Stripe client for something new (a vendor connecting): 409 while no key is saved or Stripe is switched off. */
export async function getOfferedStripe(ctx: AppContext, storeId: string) {
  const found = await getStripe(ctx, storeId);
  if (!(await offeredProviders(ctx, storeId)).has('stripe')) throw new AppError('conflict', PAYMENT_MESSAGES.stripeOff);
  return found;
}

/** The store's PayPal app, or null while none is saved; its mode (the settings' isSandbox, kept equal to it) picks PayPal's sandbox or live host. */
export async function findPayPalCredentials(ctx: AppContext, storeId: string): Promise<PayPalCredentials | null> {
  const found = await readSealed(ctx, storeId, 'paypal');
  return found && { ...(JSON.parse(found.secret) as PayPalCredentials), isSandbox: found.isTest };
}

/** The store's PayPal client, or null while no app is saved. */
export async function findPayPal(ctx: AppContext, storeId: string): Promise<{ client: PayPalClient; isTest: boolean } | null> {
  const credentials = await findPayPalCredentials(ctx, storeId);
  return credentials && { client: ctx.payments.paypal(credentials), isTest: credentials.isSandbox };
}

/** Which providers the store has keys for (no decryption), each with whether it is a test key or a sandbox. */
export async function savedProviders(ctx: AppContext, storeId: string) {
  const rows = await ctx.db
    .select({ provider: paymentProviderKeys.provider, isTest: paymentProviderKeys.isTest })
    .from(paymentProviderKeys)
    .where(eq(paymentProviderKeys.storeId, storeId));
  return new Map(rows.map((row) => [row.provider, row.isTest]));
}

/**
 * The providers the store offers now (to vendors connecting, to new payouts), each with whether it
 * runs in test mode: a key saved and the provider switched on in Settings → Payments. A provider
 * switched off keeps its key, so its payouts in flight settle and its events are still verified.
 */
export async function offeredProviders(ctx: AppContext, storeId: string): Promise<Map<PaymentProvider, boolean>> {
  const [saved, { payments }] = await Promise.all([savedProviders(ctx, storeId), readStoreSettings(ctx.db, storeId)]);
  const on: Record<PaymentProvider, boolean> = { stripe: payments.stripeConnect.enabled, paypal: payments.paypal.enabled };
  return new Map([...saved].filter(([provider]) => on[provider]));
}

/** A key the provider refuses is a 400 on the field, with the provider's words; no answer is a 502; nothing is saved either way. */
async function verified(check: () => Promise<unknown>, path: string) {
  try {
    await check();
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'unavailable') throw new AppError('bad_gateway', error.message);
    if (error instanceof ProviderError) throw new AppError('bad_request', error.message, [{ path, message: error.message }]);
    throw error;
  }
}

/** Stripe's test keys, secret or restricted; every other key moves real money. */
const isStripeTestKey = (key: string) => /^(sk|rk)_test_/.test(key);

/** GET stripe/api-key: whether a key is active (never the key). */
export async function getStripeKey(ctx: AppContext, auth: AuthContext) {
  const isTest = (await savedProviders(ctx, auth.storeId)).get('stripe');
  return { active: isTest !== undefined, isTestKey: isTest ?? null };
}

/** PUT stripe/api-key: checked against Stripe (the balance is read), sealed, and the store's payments settings follow. */
export async function saveStripeKey(ctx: AppContext, auth: AuthContext, secretKey: string) {
  await verified(() => ctx.payments.stripe(secretKey).getBalance(), 'secretKey');
  const isTestKey = isStripeTestKey(secretKey);
  await writeSealed(ctx, auth, 'stripe', secretKey, isTestKey);
  await patchStoreSettings(ctx.db, auth.storeId, { payments: { stripeConnect: { enabled: true, isTestKey } } });
  return { active: true, isTestKey };
}

export async function deleteStripeKey(ctx: AppContext, auth: AuthContext) {
  await removeSealed(ctx, auth.storeId, 'stripe');
  await patchStoreSettings(ctx.db, auth.storeId, { payments: { stripeConnect: { enabled: false } } });
  return { active: false, isTestKey: null };
}

/** PUT paypal/admin/api-key: checked by obtaining a token, sealed, and the payments settings follow. */
export async function savePayPalKey(ctx: AppContext, auth: AuthContext, body: z.output<typeof PayPalKeyBodySchema>) {
  await verified(() => ctx.payments.paypal(body).verify(), 'clientSecret');
  await writeSealed(ctx, auth, 'paypal', JSON.stringify(body), body.isSandbox);
  await patchStoreSettings(ctx.db, auth.storeId, { payments: { paypal: { enabled: true, isSandbox: body.isSandbox } } });
  return { active: true, isSandbox: body.isSandbox };
}

export async function deletePayPalKey(ctx: AppContext, auth: AuthContext) {
  await removeSealed(ctx, auth.storeId, 'paypal');
  await patchStoreSettings(ctx.db, auth.storeId, { payments: { paypal: { enabled: false } } });
  return { active: false, isSandbox: null };
}

/** The store's Stripe secret key itself, for the membership's billing calls (its own adapter); null while none is saved. */
export async function findStripeSecret(ctx: AppContext, storeId: string): Promise<string | null> {
  return (await readSealed(ctx, storeId, 'stripe'))?.secret ?? null;
}
