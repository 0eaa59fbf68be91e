import { mutate } from 'swr';
import { AccountSchema, ChangeEmailSchema, type ChangeEmail } from '#shared/schemas/account';
import { ACCOUNT_KEY } from '#web/api/account.ts';
import { endpoint } from '#web/api/endpoint.ts';

const postEmail = endpoint({ method: 'POST', path: 'account/email', request: ChangeEmailSchema, answer: AccountSchema });

/** POST account/email: mails a link to the new address; the account shows it as waiting. */
export async function changeEmail(input: ChangeEmail) {
  const account = await postEmail(input);
  await mutate(ACCOUNT_KEY, account, { revalidate: false });
  return account;
}
