import useSWR, { mutate } from 'swr';
import type { z } from 'zod';
import type {
  LinkAnswerSchema,
  PayoutSession,
  PayPalKeyAnswerSchema,
  PayPalKeyBody,
  PayPalRegisterBody,
  PaymentProviderName,
  StripeAccountAnswerSchema,
  StripeKeyAnswerSchema,
  StripeKeyBody,
  StripeRegisterBody,
} from '#shared/schemas/payments';
import { endpoint } from '../../../api/endpoint.ts';

type StripeKeyAnswer = z.output<typeof StripeKeyAnswerSchema>;
type PayPalKeyAnswer = z.output<typeof PayPalKeyAnswerSchema>;
type StripeAccountAnswer = z.output<typeof StripeAccountAnswerSchema>;
type Link = z.output<typeof LinkAnswerSchema>;

const SESSION_KEY = 'stripe/session';
const ACCOUNT_KEY = 'stripe/account';

const getSession = endpoint<Record<string, never>, PayoutSession>({ path: 'stripe/session' });
const getAccount = endpoint<Record<string, never>, StripeAccountAnswer>({ path: 'stripe/account' });
const putStripeKey = endpoint<StripeKeyBody, StripeKeyAnswer>({ method: 'PUT', path: 'stripe/api-key', body: ['secretKey'] });
const deleteStripeKeyCall = endpoint<Record<string, never>, StripeKeyAnswer>({ method: 'DELETE', path: 'stripe/api-key' });
const putPayPalKey = endpoint<PayPalKeyBody, PayPalKeyAnswer>({ method: 'PUT', path: 'paypal/admin/api-key', body: ['clientId', 'clientSecret', 'isSandbox'] });
const deletePayPalKeyCall = endpoint<Record<string, never>, PayPalKeyAnswer>({ method: 'DELETE', path: 'paypal/admin/api-key' });
const postPayPalRegister = endpoint<PayPalRegisterBody, unknown>({ method: 'POST', path: 'paypal/register', body: ['emailOrVenmo', 'type'] });
const postStripeRegister = endpoint<StripeRegisterBody, unknown>({ method: 'POST', path: 'stripe/register', body: ['email', 'country'] });
const postOnboard = endpoint<Record<string, never>, Link>({ method: 'POST', path: 'stripe/onboard' });
const postDashboard = endpoint<Record<string, never>, Link>({ method: 'POST', path: 'stripe/dashboard' });
const deleteRegistration = endpoint<{ provider: PaymentProviderName }, unknown>({ method: 'DELETE', path: 'payout/register', query: ['provider'] });

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
