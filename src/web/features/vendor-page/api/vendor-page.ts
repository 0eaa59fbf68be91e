import useSWR from 'swr';
import { OkSchema } from '#shared/schemas/common';
import {
  VendorPageActionSchema,
  VendorPageAnswerSchema,
  VendorPageInputSchema,
  VendorPageQuerySchema,
  VendorPageSchema,
  type VendorPageInput,
} from '#shared/schemas/vendor-page';
import { endpoint } from '#web/api/endpoint.ts';

export type { VendorPage, VendorPageAnswer, VendorPageInput } from '#shared/schemas/vendor-page';

export type VendorPageAction = 'approve' | 'unapprove';

const KEY = 'vendors/v2/definitions';

const getDefinitions = endpoint({ path: 'vendors/v2/definitions', request: VendorPageQuerySchema, answer: VendorPageAnswerSchema });
const postPage = endpoint({
  method: 'POST',
  path: 'vendors/v2',
  request: VendorPageInputSchema.extend(VendorPageQuerySchema.shape),
  query: ['vendor'],
  answer: VendorPageSchema,
});
const putAction = endpoint({ method: 'PUT', path: 'vendors/v2/action', request: VendorPageActionSchema, answer: OkSchema });

/**
 * The vendor page screen's data: the caller's page, or for an admin the named vendor's. A focus
 * does not reload it, so an edit in progress is never replaced.
 */
export const useVendorPage = (vendor = '') =>
  useSWR([KEY, vendor], () => getDefinitions(vendor ? { vendor } : {}), { revalidateOnFocus: false, revalidateOnReconnect: false });

/** POST vendors/v2: stores the page (an admin's: the named vendor's), pending review or published at once; answers the stored page. */
export const saveVendorPage = (input: VendorPageInput, vendor = '') => postPage(vendor ? { ...input, vendor } : input);

/** PUT vendors/v2/action (admin): publishes a vendor's page, or takes it back to draft. */
export const applyVendorPageAction = (action: VendorPageAction, vendor: string) => putAction({ action, vendor });
