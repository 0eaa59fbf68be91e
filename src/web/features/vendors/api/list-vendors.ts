import useSWR, { mutate } from 'swr';
import type { z } from 'zod';
import { VendorsAnswerSchema, VendorsQuerySchema } from '#shared/schemas/vendors';
import { endpoint } from '#web/api/endpoint.ts';

type VendorsQuery = z.input<typeof VendorsQuerySchema>;
export type ApplicationFilter = NonNullable<VendorsQuery['applicationStatus']>;

export const listVendors = endpoint({ path: 'vendors', request: VendorsQuerySchema, answer: VendorsAnswerSchema });

const KEY = 'vendors';

/** GET vendors: the vendors, the vendors without an account and the applications, searched on the server. */
export function useVendorsList(query: VendorsQuery) {
  const q = query.q?.trim() ?? '';
  const applicationStatus = query.applicationStatus ?? 'pending';
  return useSWR([KEY, q, applicationStatus], () => listVendors({ q, applicationStatus }), { keepPreviousData: true });
}

/**
 * After a change, every vendors answer is stale: the searched lists of this screen and the plain
 * 'vendors' key the shell's vendor switcher reads.
 */
export function revalidateVendors() {
  return mutate((key) => key === KEY || (Array.isArray(key) && key[0] === KEY));
}
