import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PAYMENT_MESSAGES } from '#shared/schemas/payments';
import type { AppContext } from '#server/context';
import type { PayPalCredentials } from '#server/adapters/payments/types';
import { ProviderError } from '#server/adapters/payments/types';
import { paymentProviderKeys } from '#server/db/schema/index';
import { AppError, type FieldError } from '#server/http/errors';
import { findPayPalCredentials, savedProviders } from './provider-keys.ts';

/** The part of a settings change these checks read; anything else is the settings schema's to judge. */
const FlagsPatchSchema = z.object({
  payments: z
    .object({
      stripeConnect: z.object({ enabled: z.boolean(), isTestKey: z.boolean() }).partial().optional(),
      paypal: z.object({ enabled: z.boolean(), isSandbox: z.boolean() }).partial().optional(),
    })
    .optional(),
});

/**
 * Settings → Payments against the saved keys, before the change is stored. A provider is switched
 * on only with its key saved; Stripe's test mode is whatever the saved key is, so the switch cannot
 * say otherwise; PayPal's sandbox switch moves the
 * saved app to the other host, so that host must accept it first (asked here, outside any
 * transaction). Answers what to do once the settings are stored (the key row follows the switch).
 */
export async function checkPaymentFlags(ctx: AppContext, storeId: string, patch: unknown): Promise<() => Promise<void>> {
  const parsed = FlagsPatchSchema.safeParse(patch);
  const flags = parsed.success ? parsed.data.payments : undefined;
  const none = async (): Promise<void> => undefined;
  if (!flags) return none;
  const errors: FieldError[] = [];
  // Each key row keeps its mode: a Stripe test key (sk_test_, rk_test_) or a PayPal sandbox app.
  const saved = await savedProviders(ctx, storeId);
  const stripe = flags.stripeConnect;
  const stripeIsTest = saved.get('stripe');
  if (stripe) {
    if (stripe.enabled && stripeIsTest === undefined)
      errors.push({ path: 'payments.stripeConnect.enabled', message: PAYMENT_MESSAGES.stripeKeyFirst });
    if (stripeIsTest !== undefined && stripe.isTestKey !== undefined && stripe.isTestKey !== stripeIsTest) {
      errors.push({
        path: 'payments.stripeConnect.isTestKey',
        message: stripeIsTest ? PAYMENT_MESSAGES.stripeKeyIsTest : PAYMENT_MESSAGES.stripeKeyIsLive,
      });
    }
  }
  let after = none;
  const paypal = flags.paypal;
  if (paypal) {
    const app = await findPayPalCredentials(ctx, storeId);
    if (paypal.enabled && !app) errors.push({ path: 'payments.paypal.enabled', message: PAYMENT_MESSAGES.paypalKeyFirst });
    if (app && paypal.isSandbox !== undefined && paypal.isSandbox !== app.isSandbox) {
      const moved: PayPalCredentials = { ...app, isSandbox: paypal.isSandbox };
      const refused = paypal.isSandbox ? PAYMENT_MESSAGES.paypalRefusedSandbox : PAYMENT_MESSAGES.paypalRefusedLive;
      try {
        await ctx.payments.paypal(moved).verify();
        after = () => movePayPal(ctx, storeId, paypal.isSandbox!);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.kind === 'unavailable') throw new AppError('bad_gateway', error.message);
        errors.push({ path: 'payments.paypal.isSandbox', message: refused });
      }
    }
  }
  if (errors.length > 0) throw new AppError('bad_request', errors[0].message, errors);
  return after;
}

/** The saved PayPal app now runs on the other host: its row's mode follows the settings. */
async function movePayPal(ctx: AppContext, storeId: string, isSandbox: boolean) {
  await ctx.db
    .update(paymentProviderKeys)
    .set({ isTest: isSandbox, updatedAt: ctx.now() })
    .where(and(eq(paymentProviderKeys.storeId, storeId), eq(paymentProviderKeys.provider, 'paypal')));
}
