import useSWR, { mutate } from 'swr';
import { ReserveAnswerSchema, ReserveBodySchema, ReserveQuerySchema } from '#shared/schemas/finance';
import { endpoint } from '#web/api/endpoint.ts';
import { TRANSACTIONS_KEY } from './transactions.ts';

const getReserve = endpoint({ path: 'payment/reserve', request: ReserveQuerySchema, answer: ReserveAnswerSchema });
const putReserve = endpoint({ method: 'PUT', path: 'payment/reserve', request: ReserveBodySchema, answer: ReserveAnswerSchema });

const key = (vendor: string) => ['payment/reserve', vendor];

/** GET payment/reserve?vendor= (admins). */
export function useReserve(vendor: string) {
  return useSWR(vendor ? key(vendor) : null, () => getReserve({ vendor }));
}

/** PUT payment/reserve: the payout figures change with it. */
export async function saveReserve(body: Parameters<typeof putReserve>[0] & object) {
  const saved = await putReserve(body);
  await mutate(key(saved.vendor), saved, { revalidate: false });
  await mutate((k) => Array.isArray(k) && k[0] === TRANSACTIONS_KEY);
  return saved;
}
