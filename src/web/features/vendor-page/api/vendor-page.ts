import useSWR from 'swr';
import { OkSchema } from '#shared/schemas/common';
import {
  VendorPageActionSchema,
  VendorPageAnswerSchema,
  VendorPageInputSchema,
  VendorPageSchema,
  type VendorPageInput,
} from '#shared/schemas/vendor-page';
import { endpoint } from '#web/api/endpoint.ts';

export type { VendorPage, VendorPageAnswer, VendorPageInput } from '#shared/schemas/vendor-page';

export type VendorPageAction = 'approve' | 'unapprove';

const KEY = 'vendors/v2/definitions';

const getDefinitions = endpoint({ path: 'vendors/v2/definitions', answer: VendorPageAnswerSchema });
const postPage = endpoint({ method: 'POST', path: 'vendors/v2', request: VendorPageInputSchema, answer: VendorPageSchema });
const putAction = endpoint({ method: 'PUT', path: 'vendors/v2/action', request: VendorPageActionSchema, answer: OkSchema });

/** The vendor page screen's data; a focus does not reload it, so an edit in progress is never replaced. */
export const useVendorPage = () => useSWR(KEY, () => getDefinitions(), { revalidateOnFocus: false, revalidateOnReconnect: false });

/** POST vendors/v2: stores the page, pending review (or published at once); answers the stored page. */
export const saveVendorPage = (input: VendorPageInput) => postPage(input);

/** PUT vendors/v2/action (admin): publishes a vendor's page, or takes it back to draft. */
export const applyVendorPageAction = (action: VendorPageAction, vendor: string) => putAction({ action, vendor });
