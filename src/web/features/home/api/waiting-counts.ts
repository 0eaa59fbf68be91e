import useSWR from 'swr';
import type { ProductListAnswer, ProductListQuery } from '#shared/schemas/products';
import type { VendorsAnswer } from '#shared/schemas/vendors';
import { endpoint } from '../../../api/endpoint.ts';

/** The counters of GET app/status the home screen shows (spec §6). */
interface AppStatusCounts {
  orders: number;
  draftProducts: number;
}

const appStatus = endpoint<Record<string, never>, AppStatusCounts>({ path: 'app/status' });
const pendingApplications = endpoint<{ applicationStatus: 'pending' }, VendorsAnswer>({ path: 'vendors', query: ['applicationStatus'] });

/** Orders waiting for a shipment and draft products in the caller's view. */
export function useAppStatus() {
  return useSWR('app/status', () => appStatus());
}

/** Admins: the applications no one has decided yet. */
export function usePendingApplications(isAdmin: boolean) {
  return useSWR(isAdmin ? ['vendors', '', 'pending'] : null, () => pendingApplications({ applicationStatus: 'pending' }));
}

const productsToReview = endpoint<ProductListQuery, ProductListAnswer>({ path: 'products-v2', query: ['status', 'approval', 'first'] });

/** Admins: the products waiting for approval, counted by the product list itself (a one-product page, its count capped). */
export function useProductsToReview(isAdmin: boolean) {
  return useSWR(isAdmin ? ['products-v2', 'to-review'] : null, () => productsToReview({ status: 'ALL', approval: 'waiting', first: 1 }));
}
