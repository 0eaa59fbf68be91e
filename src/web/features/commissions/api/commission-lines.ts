import useSWR, { mutate } from 'swr';
import {
  CommissionsAnswerSchema,
  CommissionsQuerySchema,
  MarketplaceCommissionsSchema,
  VendorCommissionsAnswerSchema,
  VendorCommissionsSchema,
  type CommissionLine,
  type CommissionsAnswer,
  type CommissionLineAnswer,
  type CommissionSource,
} from '#shared/schemas/commissions';
import { endpoint } from '#web/api/endpoint.ts';

export type { CommissionLineAnswer, CommissionSource };

const getCommissions = endpoint({ path: 'commissions', request: CommissionsQuerySchema, answer: CommissionsAnswerSchema });
const patchMarketplace = endpoint({
  method: 'PATCH',
  path: 'app/info/commission-v2',
  request: MarketplaceCommissionsSchema,
  answer: CommissionsAnswerSchema,
});
const putVendor = endpoint({
  method: 'PUT',
  path: 'settings/commission',
  request: VendorCommissionsSchema,
  answer: VendorCommissionsAnswerSchema,
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
