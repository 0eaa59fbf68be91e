import useSWR from 'swr';
import { AppStatusAnswerSchema } from '#shared/schemas/app-info';
import { ProductListAnswerSchema, ProductListQuerySchema } from '#shared/schemas/products';
import { VendorsAnswerSchema, VendorsQuerySchema } from '#shared/schemas/vendors';
import { endpoint } from '#web/api/endpoint.ts';

/** GET app/status: the home screen shows its orders and draftProducts counters. */
const appStatus = endpoint({ path: 'app/status', answer: AppStatusAnswerSchema });
const pendingApplications = endpoint({ path: 'vendors', request: VendorsQuerySchema, answer: VendorsAnswerSchema });

/** Orders waiting for a shipment and draft products in the caller's view. */
export function useAppStatus() {
  return useSWR('app/status', () => appStatus());
}

/** Admins: the applications no one has decided yet. */
export function usePendingApplications(isAdmin: boolean) {
  return useSWR(isAdmin ? ['vendors', '', 'pending'] : null, () => pendingApplications({ applicationStatus: 'pending' }));
}

const productsToReview = endpoint({ path: 'products-v2', request: ProductListQuerySchema, answer: ProductListAnswerSchema });

/** Admins: the products waiting for approval, counted by the product list itself (a one-product page, its count capped). */
export function useProductsToReview(isAdmin: boolean) {
  return useSWR(isAdmin ? ['products-v2', 'to-review'] : null, () => productsToReview({ status: 'ALL', approval: 'waiting', first: 1 }));
}
