import useSWR from 'swr';
import type { VendorPage, VendorPageInput } from '#shared/schemas/vendor-page';
import { endpoint } from '../../../api/endpoint.ts';

export type { VendorPage, VendorPageInput };

/** GET vendors/v2/definitions: the page's fields and sections, whether pages are on, and the caller's page. */
export interface VendorPageAnswer {
  /** Collection metafield definitions flagged showOnVendorPage, in the store's order. */
  definitions: Record<string, unknown>[];
  sections: { name: string; keys: string[] }[];
  enabled: boolean;
  /** null for an admin in the marketplace view: there is no page to edit. */
  page: VendorPage | null;
}

export type VendorPageAction = 'approve' | 'unapprove';

const KEY = 'vendors/v2/definitions';

const getDefinitions = endpoint<Record<string, never>, VendorPageAnswer>({ path: 'vendors/v2/definitions' });
const postPage = endpoint<VendorPageInput, VendorPage>({ method: 'POST', path: 'vendors/v2', body: ['description', 'imageUrl', 'metafields'] });
const putAction = endpoint<{ action: VendorPageAction; vendor: string }, { ok: true }>({ method: 'PUT', path: 'vendors/v2/action', body: ['action', 'vendor'] });

/** The vendor page screen's data; a focus does not reload it, so an edit in progress is never replaced. */
export const useVendorPage = () => useSWR(KEY, () => getDefinitions(), { revalidateOnFocus: false, revalidateOnReconnect: false });

/** POST vendors/v2: stores the page, pending review (or published at once); answers the stored page. */
export const saveVendorPage = (input: VendorPageInput) => postPage(input);

/** PUT vendors/v2/action (admin): publishes a vendor's page, or takes it back to draft. */
export const applyVendorPageAction = (action: VendorPageAction, vendor: string) => putAction({ action, vendor });
