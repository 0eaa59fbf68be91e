import useSWR from 'swr';
import { OrderListAnswerSchema, OrderListQuerySchema } from '#shared/schemas/orders';
import { PayoutSummaryAnswerSchema, PayoutSummaryQuerySchema } from '#shared/schemas/finance';
import { ProductListAnswerSchema, ProductListQuerySchema } from '#shared/schemas/products';
import { VendorOverviewSchema } from '#shared/schemas/vendors';
import { endpoint } from '#web/api/endpoint.ts';

const getOverview = endpoint({ path: 'vendors/{vendorId}/overview', pathParams: ['vendorId'], answer: VendorOverviewSchema });
const listProducts = endpoint({ path: 'products-v2', request: ProductListQuerySchema, answer: ProductListAnswerSchema });
const listOrders = endpoint({ path: 'orders', request: OrderListQuerySchema, answer: OrderListAnswerSchema });
const getPayoutSummary = endpoint({ path: 'payouts/summary', request: PayoutSummaryQuerySchema, answer: PayoutSummaryAnswerSchema });

/** How many of a vendor's latest products and orders its page shows; the full lists are a link away. */
export const VENDOR_PAGE_LATEST = 5;

/** GET vendors/{vendorId}/overview; the page revalidates it after each of its own actions. */
export const useVendorOverview = (vendorId: string) => useSWR(['vendor-page', 'overview', vendorId], () => getOverview({ vendorId }));

/** The vendor's latest products, every status, from the products list filtered by vendor. */
export const useVendorProducts = (vendor: string | undefined) =>
  useSWR(vendor ? ['vendor-page', 'products', vendor] : null, () =>
    listProducts({ vendor, status: 'ALL', sort: 'UPDATED_AT', first: VENDOR_PAGE_LATEST }),
  );

/** The vendor's latest orders, from the orders list filtered by vendor. */
export const useVendorOrders = (vendor: string | undefined) =>
  useSWR(vendor ? ['vendor-page', 'orders', vendor] : null, () => listOrders({ vendor }));

/** What the marketplace owes the vendor, per currency: available, held and paid out. */
export const useVendorPayouts = (vendor: string | undefined) =>
  useSWR(vendor ? ['vendor-page', 'payouts', vendor] : null, () => getPayoutSummary({ requestedVendor: vendor }));
