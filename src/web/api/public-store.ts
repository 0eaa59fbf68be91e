import useSWR from 'swr';
import { useSearchParams } from 'react-router';
import { StoreRegistrationQuerySchema, StoreRegistrationSchema } from '#shared/schemas/registration';
import { endpoint } from './endpoint.ts';

export const getStoreRegistration = endpoint({ path: 'store/registration', request: StoreRegistrationQuerySchema, answer: StoreRegistrationSchema });

/**
 * The public screens' store: the `store` query parameter when given, else the server resolves it
 * from the host mapping or DEFAULT_STORE. The answer's `store` is the one to sign in to.
 * A lookup that does not change while the page is open: no refresh on focus or reconnect.
 */
export function useStoreRegistration() {
  const [params] = useSearchParams();
  const store = params.get('store') || undefined;
  return useSWR(['store/registration', store ?? ''], () => getStoreRegistration({ store }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}
