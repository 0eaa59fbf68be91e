import useSWR, { mutate } from 'swr';
import { PayoutExceptionsAnswerSchema, ResolveExceptionAnswerSchema, ResolveExceptionBodySchema } from '#shared/schemas/payments';
import { endpoint } from '#web/api/endpoint.ts';

export type { PayoutException } from '#shared/schemas/payments';

/** GET payment/exceptions: payouts whose fate needs an admin, open ones first. */
export const listPayoutExceptions = endpoint({ path: 'payment/exceptions', answer: PayoutExceptionsAnswerSchema });

/** POST payment/exceptions/{id}/resolve: closed with a note; a payout in doubt with the provider's answer. */
export const resolvePayoutException = endpoint({
  method: 'POST',
  path: 'payment/exceptions/{id}/resolve',
  pathParams: ['id'],
  request: ResolveExceptionBodySchema,
  answer: ResolveExceptionAnswerSchema,
});

const KEY = 'payment/exceptions';

export function usePayoutExceptions() {
  return useSWR(KEY, () => listPayoutExceptions());
}

export function revalidatePayoutExceptions() {
  return mutate(KEY);
}
