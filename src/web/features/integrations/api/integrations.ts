import useSWR, { mutate } from 'swr';
import {
  CatalogSyncSchema,
  IntegrationConnectSchema,
  IntegrationKeysAnswerSchema,
  IntegrationSettingsSchema,
  SellerProductsAnswerSchema,
  SellerProductSyncAnswerSchema,
  SellerProductSyncSchema,
  SellerShopClaimAnswerSchema,
  SellerShopClaimedSchema,
  SellerShopClaimSchema,
  SellerShopConnectAnswerSchema,
  SellerShopConnectSchema,
  type IntegrationConnect,
  type IntegrationSettings,
} from '#shared/schemas/integrations';
import { endpoint } from '#web/api/endpoint.ts';

const KEYS = 'integrations/keys';

const getKeys = endpoint({ path: 'integrations/keys', answer: IntegrationKeysAnswerSchema });
const postKeys = endpoint({
  method: 'POST',
  path: 'integrations/keys',
  request: IntegrationConnectSchema,
  answer: IntegrationKeysAnswerSchema,
});
const putKeys = endpoint({
  method: 'PUT',
  path: 'integrations/keys',
  request: IntegrationSettingsSchema,
  answer: IntegrationKeysAnswerSchema,
});
const deleteKeys = endpoint({ method: 'DELETE', path: 'integrations/keys', answer: IntegrationKeysAnswerSchema });
const postSync = endpoint({ method: 'POST', path: 'integrations/prestashop/sync', answer: CatalogSyncSchema });

/** GET integrations/keys: the vendor's shop and its last sync; asked every second while a sync runs, for its progress. */
export function useIntegrationKeys() {
  return useSWR(KEYS, () => getKeys(), { refreshInterval: (data) => (data?.lastSync?.status === 'running' ? 1000 : 0) });
}

const stored = async <A>(answer: Promise<A>) => {
  const value = await answer;
  await mutate(KEYS, value, { revalidate: false });
  return value;
};

export const connectShop = (body: IntegrationConnect) => stored(postKeys(body));
export const saveSyncSettings = (body: IntegrationSettings) => stored(putKeys(body));
export const disconnectShop = () => stored(deleteKeys());
export async function startSync() {
  const sync = await postSync();
  await mutate(KEYS);
  return sync;
}

const SELLER = 'integrations/shopify/products';
const getSellerProducts = endpoint({ path: 'integrations/shopify/products', answer: SellerProductsAnswerSchema });
const postSellerConnect = endpoint({
  method: 'POST',
  path: 'integrations/shopify/connect',
  request: SellerShopConnectSchema,
  answer: SellerShopConnectAnswerSchema,
});
const postProductSync = endpoint({
  method: 'POST',
  path: 'integrations/products/sync',
  request: SellerProductSyncSchema,
  answer: SellerProductSyncAnswerSchema,
});

/**
 * GET integrations/shopify/products: the vendor's own platform shop, its products and their links
 * to ours. Asked only by whoever may connect a shop (a vendor, or an admin acting as one): the
 * marketplace view would only get a refusal.
 */
export function useSellerProducts(canConnect: boolean) {
  return useSWR(canConnect ? SELLER : null, () => getSellerProducts());
}

/** Starts the authorization on the platform: the browser leaves for the shop's approval screen and comes back to the app. */
export async function connectSellerShop(body: { shop: string }) {
  const { url } = await postSellerConnect(body);
  window.location.assign(url);
  return { url };
}

export async function syncSellerProduct(productId: string) {
  const answer = await postProductSync({ productId });
  await mutate(SELLER);
  return answer;
}

const getClaim = endpoint({ path: 'integrations/shopify/claim', request: SellerShopClaimSchema, answer: SellerShopClaimAnswerSchema });
const postClaim = endpoint({
  method: 'POST',
  path: 'integrations/shopify/claim',
  request: SellerShopClaimSchema,
  answer: SellerShopClaimedSchema,
});

/** GET integrations/shopify/claim: the shop a claim in the address is for (asked once: a claim does not change). */
export function useSellerClaim(claim: string) {
  return useSWR(['integrations/shopify/claim', claim], () => getClaim({ claim }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}

/** POST integrations/shopify/claim: the shop becomes the signed-in vendor's; its products are then listed. */
export async function claimSellerShop(claim: string) {
  const answer = await postClaim({ claim });
  await mutate(SELLER);
  return answer;
}
