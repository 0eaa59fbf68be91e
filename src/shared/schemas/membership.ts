import { z } from 'zod';
import { MoneyTextSchema } from './money.ts';
import { requiredText } from './common.ts';

export const MEMBERSHIP_MESSAGES = {
  unknownPrice: 'This plan is not offered',
  chooseVendor: 'Switch to a vendor first',
  noSubscription: 'Subscribe to a plan first',
  alreadySubscribed: 'You already have a membership; change it from the billing page',
  membershipRequired: 'A membership is needed to publish products. Subscribe on the membership page.',
  membershipLimit: 'Your membership allows {limit} active products. Existing products stay; set one to draft before activating another.',
  badSignature: 'Invalid signature',
} as const;

/** One plan the marketplace offers its vendors: a recurring price of its Stripe account. */
export const MembershipPlanSchema = z.object({
  priceId: z.string(),
  productId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  amount: MoneyTextSchema,
  currency: z.string(),
  interval: z.string(),
  intervalCount: z.number().int(),
});
export type MembershipPlan = z.infer<typeof MembershipPlanSchema>;

/** GET stripe/products. */
export const MembershipPlansAnswerSchema = z.object({
  products: z.array(MembershipPlanSchema),
  trialDays: z.number().int(),
  /** false while the marketplace has not connected Stripe: there are no plans to offer yet (not an error for the reader). */
  connected: z.boolean(),
});

/** POST stripe/checkout-session. */
export const CheckoutSessionBodySchema = z.strictObject({ priceId: requiredText(255) });
export type CheckoutSessionBody = z.input<typeof CheckoutSessionBodySchema>;

export const MembershipUrlAnswerSchema = z.object({ url: z.string() });

export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** GET stripe/subscription: the vendor's own membership as the provider's events left it, and where it stands. */
export const MembershipSubscriptionAnswerSchema = z.object({
  enabled: z.boolean(),
  subscription: z
    .object({
      status: z.enum(SUBSCRIPTION_STATUSES),
      priceId: z.string().nullable(),
      currentPeriodEnd: z.string().nullable(),
      trialEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  /** Whether the vendor may activate products now (membership good, in its trial, or membership off). */
  canPublish: z.boolean(),
  /** Active products allowed (membership.products; null: no limit) and the vendor's active products. */
  limit: z.number().int().nullable(),
  activeProducts: z.number().int(),
  /** Vendor's free trial (settings.membership.trialDays from the vendor's start), ISO date, if still running. */
  trialEndsAt: z.string().nullable(),
  documentationUrl: z.string(),
});
export type MembershipSubscriptionAnswer = z.infer<typeof MembershipSubscriptionAnswerSchema>;
