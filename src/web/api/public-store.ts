import useSWR from 'swr';
import { useSearchParams } from 'react-router';
import { endpoint } from './endpoint.ts';

// The sign-in page's one call: its schemas (and zod with them) stay out of the first load.
const contract = () =>
  import('#shared/schemas/registration').then((m) => ({ request: m.StoreRegistrationQuerySchema, answer: m.StoreRegistrationSchema }));
export const getStoreRegistration = endpoint({ path: 'store/registration', query: ['store'], contract });

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
