import useSWR from 'swr';
import { useSearchParams } from 'react-router';
import type { StoreRegistration } from '#shared/schemas/registration';
import { endpoint } from './endpoint.ts';

export const getStoreRegistration = endpoint<{ store?: string }, StoreRegistration>({
  path: 'store/registration',
  query: ['store'],
});

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
