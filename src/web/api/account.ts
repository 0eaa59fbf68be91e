import useSWR, { mutate } from 'swr';
import { AccountSchema, UpdateAccountSchema, type UpdateAccount } from '#shared/schemas/account';
import { endpoint } from './endpoint.ts';

export const ACCOUNT_KEY = 'account';

const getAccount = endpoint({ path: 'account', answer: AccountSchema });
const patchAccount = endpoint({ method: 'PATCH', path: 'account', request: UpdateAccountSchema, answer: AccountSchema });

/** GET account: the signed-in user's name, e-mail and language (the shell applies the language). */
export function useAccount() {
  return useSWR(ACCOUNT_KEY, () => getAccount(), { revalidateOnFocus: false });
}

/** PATCH account: a new name or language; the answer is the account as stored. */
export async function updateAccount(change: UpdateAccount) {
  const account = await patchAccount(change);
  await mutate(ACCOUNT_KEY, account, { revalidate: false });
  return account;
}
