import useSWR, { mutate } from 'swr';
import {
  LinkAnswerSchema,
  PayoutSessionSchema,
  PayoutUnregisterQuerySchema,
  PayPalKeyAnswerSchema,
  PayPalKeyBodySchema,
  PayPalRegisterBodySchema,
  PayPalRegistrationSchema,
  StripeAccountAnswerSchema,
  StripeKeyAnswerSchema,
  StripeKeyBodySchema,
  StripeRegisterAnswerSchema,
  StripeRegisterBodySchema,
  UnregisterAnswerSchema,
  type PaymentProviderName,
  type PayPalKeyBody,
  type PayPalRegisterBody,
  type StripeKeyBody,
  type StripeRegisterBody,
} from '#shared/schemas/payments';
import { endpoint } from '#web/api/endpoint.ts';
import { schemaFields } from '#web/api/endpoint-request.ts';

const SESSION_KEY = 'stripe/session';
const ACCOUNT_KEY = 'stripe/account';

const getSession = endpoint({ path: 'stripe/session', answer: PayoutSessionSchema });
const getAccount = endpoint({ path: 'stripe/account', answer: StripeAccountAnswerSchema });
const putStripeKey = endpoint({ method: 'PUT', path: 'stripe/api-key', request: StripeKeyBodySchema, answer: StripeKeyAnswerSchema });
const deleteStripeKeyCall = endpoint({ method: 'DELETE', path: 'stripe/api-key', answer: StripeKeyAnswerSchema });
const putPayPalKey = endpoint({ method: 'PUT', path: 'paypal/admin/api-key', request: PayPalKeyBodySchema, answer: PayPalKeyAnswerSchema });
const deletePayPalKeyCall = endpoint({ method: 'DELETE', path: 'paypal/admin/api-key', answer: PayPalKeyAnswerSchema });
const postPayPalRegister = endpoint({
  method: 'POST',
  path: 'paypal/register',
  request: PayPalRegisterBodySchema,
  answer: PayPalRegistrationSchema,
});
const postStripeRegister = endpoint({
  method: 'POST',
  path: 'stripe/register',
  request: StripeRegisterBodySchema,
  answer: StripeRegisterAnswerSchema,
});
const postOnboard = endpoint({ method: 'POST', path: 'stripe/onboard', answer: LinkAnswerSchema });
const postDashboard = endpoint({ method: 'POST', path: 'stripe/dashboard', answer: LinkAnswerSchema });
/** DELETE payout/register: the provider goes in the query, as the server reads it. */
const deleteRegistration = endpoint({
  method: 'DELETE',
  path: 'payout/register',
  request: PayoutUnregisterQuerySchema,
  query: schemaFields(PayoutUnregisterQuerySchema) ?? [],
  answer: UnregisterAnswerSchema,
});

const refresh = () => Promise.all([mutate(SESSION_KEY), mutate(ACCOUNT_KEY)]);

/** GET stripe/session: the providers the marketplace offers and where the signed-in vendor is paid. */
export function usePayoutSession() {
  return useSWR(SESSION_KEY, () => getSession());
}

/** GET stripe/account: the vendor's Stripe account as Stripe has it (asked only once the vendor has one). */
export function useStripeAccount(hasAccount: boolean) {
  return useSWR(hasAccount ? ACCOUNT_KEY : null, () => getAccount(), { revalidateOnFocus: true });
}

export async function saveStripeKey(body: StripeKeyBody) {
  const answer = await putStripeKey(body);
  await refresh();
  return answer;
}
export async function deleteStripeKey() {
  await deleteStripeKeyCall();
  await refresh();
}
export async function savePayPalKey(body: PayPalKeyBody) {
  const answer = await putPayPalKey(body);
  await refresh();
  return answer;
}
export async function deletePayPalKey() {
  await deletePayPalKeyCall();
  await refresh();
}
export async function registerPayPal(body: PayPalRegisterBody) {
  await postPayPalRegister(body);
  await refresh();
}
export async function registerStripe(body: StripeRegisterBody) {
  await postStripeRegister(body);
  await refresh();
}
/** POST stripe/onboard, POST stripe/dashboard: one-time links to Stripe's own pages. */
export const openStripeOnboarding = () => postOnboard();
export const openStripeDashboard = () => postDashboard();
export async function disconnect(provider: PaymentProviderName) {
  await deleteRegistration({ provider });
  await refresh();
}
