import useSWR, { mutate } from 'swr';
import type { z } from 'zod';
import type { CommissionLine, CommissionLineAnswer, CommissionSource } from '#shared/schemas/commissions';
import type { CommissionsAnswerSchema, VendorCommissionsAnswerSchema } from '#shared/schemas/commissions';
import { endpoint } from '../../../api/endpoint.ts';

type CommissionsAnswer = z.output<typeof CommissionsAnswerSchema>;
type VendorCommissionsAnswer = z.output<typeof VendorCommissionsAnswerSchema>;
export type { CommissionLineAnswer, CommissionSource };

const getCommissions = endpoint<{ vendor?: string }, CommissionsAnswer>({ path: 'commissions', query: ['vendor'] });
const patchMarketplace = endpoint<{ commissions: CommissionLine[] }, CommissionsAnswer>({
  method: 'PATCH',
  path: 'app/info/commission-v2',
  body: ['commissions'],
});
const putVendor = endpoint<{ vendor: string; commissions: CommissionLine[] | null }, VendorCommissionsAnswer>({
  method: 'PUT',
  path: 'settings/commission',
  body: ['vendor', 'commissions'],
});

/** The cache key of one scope's lines: the marketplace's ('') or a vendor's. */
const keyOf = (vendor: string) => ['commissions', vendor] as const;

/**
 * GET commissions (?vendor=): the lines that apply and where they come from. Not refreshed on
 * focus: the screen is a form, filled once from the answer.
 */
export function useCommissionLines(vendor: string) {
  return useSWR(keyOf(vendor), () => getCommissions(vendor ? { vendor } : {}), { revalidateOnFocus: false, revalidateOnReconnect: false });
}

/** PATCH app/info/commission-v2 (marketplace) or PUT settings/commission (a vendor; null = use the marketplace lines). */
export async function saveCommissionLines(vendor: string, commissions: CommissionLine[] | null): Promise<CommissionsAnswer> {
  const answer = vendor ? await putVendor({ vendor, commissions }) : await patchMarketplace({ commissions: commissions ?? [] });
  await mutate(keyOf(vendor), answer, { revalidate: false });
  // The marketplace lines are what vendors without their own lines get.
  if (!vendor) await mutate((key) => Array.isArray(key) && key[0] === 'commissions' && key[1] !== '');
  return answer;
}
