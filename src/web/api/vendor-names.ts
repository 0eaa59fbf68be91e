import useSWR from 'swr';
import { call, http } from './client.ts';

/**
 * The vendors an admin can switch to. The vendors list call belongs to the vendors area and may not
 * answer yet; until it does, the list is empty and the admin types the vendor's name.
 */
export function useVendorNames(enabled: boolean) {
  const { data } = useSWR(
    enabled ? 'vendors' : null,
    async () => {
      try {
        const answer = await call<unknown>(() => http.get('vendors', { retry: 0 }), 'GET');
        return namesOf(answer);
      } catch {
        return [];
      }
    },
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
  return data ?? [];
}

/**
 * The names in a vendors answer: a bare list, or the admin's vendors page ({ vendors: [{ name }],
 * vendorsWithoutAccount: [name] }). Sorted, without duplicates.
 */
export function namesOf(answer: unknown): string[] {
  const lists: unknown[] = Array.isArray(answer)
    ? [answer]
    : answer && typeof answer === 'object'
      ? [(answer as { vendors?: unknown }).vendors, (answer as { vendorsWithoutAccount?: unknown }).vendorsWithoutAccount]
      : [];
  const names = lists
    .filter(Array.isArray)
    .flat()
    .map((v: unknown) =>
      typeof v === 'string' ? v : typeof (v as { name?: unknown })?.name === 'string' ? (v as { name: string }).name : '',
    )
    .filter((name) => name.trim() !== '');
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}
