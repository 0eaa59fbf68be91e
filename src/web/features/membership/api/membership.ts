import useSWR from 'swr';
import {
  CheckoutSessionBodySchema,
  MembershipPlansAnswerSchema,
  MembershipSubscriptionAnswerSchema,
  MembershipUrlAnswerSchema,
} from '#shared/schemas/membership';
import { endpoint } from '#web/api/endpoint.ts';

const getPlans = endpoint({ path: 'stripe/products', answer: MembershipPlansAnswerSchema });
const getSubscription = endpoint({ path: 'stripe/subscription', answer: MembershipSubscriptionAnswerSchema });
const postCheckout = endpoint({
  method: 'POST',
  path: 'stripe/checkout-session',
  request: CheckoutSessionBodySchema,
  answer: MembershipUrlAnswerSchema,
});
const postBilling = endpoint({ method: 'POST', path: 'stripe/billing', answer: MembershipUrlAnswerSchema });

/** GET stripe/products: the plans vendors can subscribe to. */
export const usePlans = () => useSWR('stripe/products', () => getPlans());

/** GET stripe/subscription: the signed-in vendor's own membership (asked again on focus: it changes on Stripe's pages). */
export const useSubscription = (isVendor: boolean) =>
  useSWR(isVendor ? 'stripe/subscription' : null, () => getSubscription(), { revalidateOnFocus: true });

/** POST stripe/checkout-session and POST stripe/billing: one-time links to Stripe's own pages. */
export const openCheckout = (priceId: string) => postCheckout({ priceId });
export const openBilling = () => postBilling();
