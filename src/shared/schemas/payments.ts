import { z } from 'zod';
import { MoneyTextSchema } from './money.ts';
import { MSG } from '../messages.ts';
import { EmailSchema, requiredText } from './common.ts';

export const PAYMENT_MESSAGES = {
  secretKeyPrefix: 'Must starts with sk_',
  secretKeyLength: 'Must be at least 32 characters',
  invalidVenmo: 'Must be a Venmo username (5 to 30 letters, digits, - or _)',
  chooseVendor: 'Switch to a vendor first',
  stripeNotConnected: 'Stripe is not connected to this marketplace',
  paypalNotConnected: 'PayPal is not connected to this marketplace',
  noStripeAccount: 'Connect a Stripe account first',
  stripeAccountExists: 'A Stripe account is already connected',
  onboardingNotDone: 'Finish the Stripe onboarding first',
  vendorNotConnected: 'The vendor has not connected {provider}',
  exceptionNotFound: 'Exception not found',
  exceptionResolved: 'This exception is already resolved',
  outcomeRequired: 'Say whether the provider paid it',
  accountBeingCreated: 'A Stripe account is being created for this vendor: try again in a moment',
  badSignature: 'Invalid signature',
  stripeOff: 'Stripe is switched off for this marketplace',
  paypalOff: 'PayPal is switched off for this marketplace',
  stripeKeyFirst: 'Save a Stripe secret key first',
  paypalKeyFirst: "Save the PayPal app's client ID and secret first",
  stripeKeyIsTest: 'The saved Stripe key is a test key: save a live key to leave test mode',
  stripeKeyIsLive: 'The saved Stripe key is a live key: save a test key to use test mode',
  paypalRefusedLive: "PayPal's live API refused the saved app: save the live app's client ID and secret",
  paypalRefusedSandbox: "PayPal's sandbox refused the saved app: save the sandbox app's client ID and secret",
  stripeNotReady: "The vendor's Stripe account cannot receive payouts yet: its onboarding is not finished",
  notPaidAutomatically: 'Not paid automatically: {reasons}',
} as const;

export const PAYMENT_PROVIDERS = ['stripe', 'paypal'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** PUT stripe/api-key: the platform's secret key (starts with sk_, at least 32 characters). */
export const StripeKeyBodySchema = z.strictObject({
  secretKey: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(500)
    .refine((key) => key.startsWith('sk_'), PAYMENT_MESSAGES.secretKeyPrefix)
    .refine((key) => key.length >= 32, PAYMENT_MESSAGES.secretKeyLength),
});
export type StripeKeyBody = z.input<typeof StripeKeyBodySchema>;

/** GET/PUT/DELETE stripe/api-key answer: whether a key is active, never the key. */
export const StripeKeyAnswerSchema = z.object({ active: z.boolean(), isTestKey: z.boolean().nullable() });

/** PUT paypal/admin/api-key: the marketplace's PayPal REST app. */
export const PayPalKeyBodySchema = z.strictObject({
  clientId: requiredText(200),
  clientSecret: requiredText(200),
  isSandbox: z.boolean({ error: MSG.required }),
});
export type PayPalKeyBody = z.input<typeof PayPalKeyBodySchema>;
export const PayPalKeyAnswerSchema = z.object({ active: z.boolean(), isSandbox: z.boolean().nullable() });

const VENMO = /^@?[A-Za-z0-9_-]{5,30}$/;

/** POST paypal/register: where the vendor is paid, a PayPal e-mail or a Venmo username. */
export const PayPalRegisterBodySchema = z
  .strictObject({ emailOrVenmo: requiredText(254), type: z.enum(['EMAIL', 'USER_HANDLE'], { error: MSG.required }) })
  .superRefine((body, ctx) => {
    if (body.type === 'EMAIL' && !EmailSchema.safeParse(body.emailOrVenmo).success)
      ctx.addIssue({ code: 'custom', path: ['emailOrVenmo'], message: MSG.invalidEmail });
    if (body.type === 'USER_HANDLE' && !VENMO.test(body.emailOrVenmo))
      ctx.addIssue({ code: 'custom', path: ['emailOrVenmo'], message: PAYMENT_MESSAGES.invalidVenmo });
  })
  // E-mails compare case-insensitively; a Venmo handle is kept without its "@".
  .transform((body) => ({
    type: body.type,
    emailOrVenmo: body.type === 'EMAIL' ? body.emailOrVenmo.toLowerCase() : body.emailOrVenmo.replace(/^@/, ''),
  }));
export type PayPalRegisterBody = z.input<typeof PayPalRegisterBodySchema>;

/** POST stripe/register: the connected account's e-mail and country (ISO 3166-1 alpha-2). */
export const StripeRegisterBodySchema = z.strictObject({
  email: EmailSchema,
  country: z
    .string({ error: MSG.required })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Must be a country code like NL'),
});
export type StripeRegisterBody = z.input<typeof StripeRegisterBodySchema>;
export const StripeRegisterAnswerSchema = z.object({ accountId: z.string() });

/** DELETE payout/register: one provider's registration, or both when none is named. */
export const PayoutUnregisterQuerySchema = z.strictObject({ provider: z.enum(PAYMENT_PROVIDERS).optional() });

export const StripeAccountSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  country: z.string().nullable(),
  detailsSubmitted: z.boolean(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  currentlyDue: z.array(z.string()),
});
export const StripeAccountAnswerSchema = z.object({ account: StripeAccountSchema.nullable() });
export const LinkAnswerSchema = z.object({ url: z.string() });

/** GET stripe/session: what the "get paid" screen needs, from our database alone (no provider call). */
export const PayoutSessionSchema = z.object({
  /** `active`: a key is saved; `offered`: and the provider is switched on in Settings → Payments, so vendors may use it. */
  stripe: z.object({ active: z.boolean(), offered: z.boolean(), isTestKey: z.boolean().nullable() }),
  paypal: z.object({ active: z.boolean(), offered: z.boolean(), isSandbox: z.boolean().nullable() }),
  /** The caller's vendor's registrations; null in the marketplace view. */
  accounts: z
    .object({
      stripe: z.object({ accountId: z.string(), email: z.string(), country: z.string() }).nullable(),
      paypal: z.object({ receiver: z.string(), type: z.enum(['EMAIL', 'USER_HANDLE']) }).nullable(),
    })
    .nullable(),
});
export type PayoutSession = z.infer<typeof PayoutSessionSchema>;

export const PayPalRegistrationSchema = z.object({ receiver: z.string(), type: z.enum(['EMAIL', 'USER_HANDLE']) });
export const UnregisterAnswerSchema = z.object({ removed: z.array(z.enum(PAYMENT_PROVIDERS)) });
export const AutomatedPayoutAnswerSchema = z.object({ paid: z.number(), failed: z.number(), skipped: z.number() });

export const PAYOUT_EXCEPTION_KINDS = [
  'failed',
  'returned',
  'reversed',
  'unclaimed',
  'blocked',
  'in_doubt',
  'bank_payout_failed',
  'mismatch',
  'not_payable',
] as const;

/** A payout whose fate needs an admin (GET payment/exceptions). */
export const PayoutExceptionSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYOUT_EXCEPTION_KINDS),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's reason, in its words. */
  reason: z.string(),
  vendor: z.string().nullable(),
  payoutId: z.string().nullable(),
  providerRef: z.string().nullable(),
  amount: MoneyTextSchema.nullable(),
  currency: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolution: z.string(),
});
export type PayoutException = z.infer<typeof PayoutExceptionSchema>;
export const PayoutExceptionsAnswerSchema = z.object({ exceptions: z.array(PayoutExceptionSchema) });

/** POST payment/exceptions/{id}/resolve: a payout in doubt needs the provider's answer (paid or not); every exception may carry a note. */
export const ResolveExceptionBodySchema = z.strictObject({
  outcome: z.enum(['paid', 'not_paid']).optional(),
  note: z.string().trim().max(500).default(''),
});
export type ResolveExceptionBody = z.output<typeof ResolveExceptionBodySchema>;
export const ResolveExceptionAnswerSchema = z.object({ id: z.string() });
