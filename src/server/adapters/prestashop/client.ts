import { networkFailureText } from '#server/lib/network-failure';
import { safeRequest, UnsafeUrlError } from '#server/lib/safe-fetch';

/** A multilingual field as the webservice answers it in JSON: one value per language (or a plain string). */
export type PsText = string | { id: string; value: string }[];

export interface PsProduct {
  id: number | string;
  reference?: string;
  ean13?: string;
  price?: string;
  weight?: string;
  active?: string;
  name?: PsText;
  description?: PsText;
  link_rewrite?: PsText;
  associations?: {
    images?: { id: string }[];
    combinations?: { id: string }[];
  };
}

export interface PsCombination {
  id: number | string;
  id_product: string;
  reference?: string;
  ean13?: string;
  price?: string;
  weight?: string;
  associations?: { product_option_values?: { id: string }[]; images?: { id: string }[] };
}

export interface PsStockAvailable {
  id: number | string;
  id_product: string;
  id_product_attribute: string;
  quantity: string;
}

export interface PsOptionValue {
  id: number | string;
  id_attribute_group: string;
  name?: PsText;
}

export interface PsOption {
  id: number | string;
  name?: PsText;
}

export class PrestaShopError extends Error {
  constructor(
    message: string,
    /** The shop refused the key (401/403): the vendor must fix it, a retry will not help. */
    readonly refusedKey = false,
  ) {
    super(message);
  }
}

export interface PrestaShopClientOptions {
  /** The shop's base URL (https://shop.example). */
  baseUrl: string;
  key: string;
  allowHosts?: readonly string[];
  /** Throttled answers (429, 503) are retried this many times, waiting longer each time. */
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** The longest a Retry-After is honoured for (a longer one fails the call; the job retries later). */
const MAX_WAIT_MS = 30_000;

/** The first language's value of a multilingual field. */
export function psText(value: PsText | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return value[0]?.value ?? '';
}

/**
 * The PrestaShop webservice (JSON output): the key is Basic auth's user with an empty password;
 * lists page with `limit=offset,count` and `display=full`; a throttled answer (429 or 503) is
 * retried after its Retry-After, else with exponential backoff. Every call goes through the
 * SSRF-safe request: the shop's address is the vendor's.
 */
export function createPrestaShopClient(options: PrestaShopClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${options.key}:`).toString('base64')}`;
  const sleep = options.sleep ?? wait;
  const maxRetries = options.maxRetries ?? 6;

  async function get<T>(resource: string, query: Record<string, string>): Promise<T> {
    const params = new URLSearchParams({ output_format: 'JSON', ...query });
    const url = `${base}/api/${resource}?${params.toString()}`;
    for (let attempt = 0; ; attempt++) {
      let response;
      try {
        response = await safeRequest(url, { headers: { authorization: auth, accept: 'application/json' }, allowHosts: options.allowHosts });
      } catch (error) {
        if (error instanceof UnsafeUrlError) throw new PrestaShopError(error.message);
        const host = new URL(url).host;
        throw new PrestaShopError(networkFailureText(error, host) ?? `Could not reach ${host}: ${(error as Error).message}`);
      }
      if (response.status === 401 || response.status === 403) throw new PrestaShopError('The shop refused this webservice key', true);
      if ((response.status === 429 || response.status === 503) && attempt < maxRetries) {
        const retryAfter = Number(response.headers['retry-after']);
        const delay = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : 250 * 2 ** attempt;
        if (delay > MAX_WAIT_MS) throw new PrestaShopError('The shop asks us to wait too long; try again later');
        await sleep(delay);
        continue;
      }
      if (response.status < 200 || response.status >= 300) throw new PrestaShopError(`The shop answered ${response.status}`);
      try {
        return JSON.parse(response.text || '[]') as T;
      } catch {
        throw new PrestaShopError('The shop did not answer with the webservice JSON (is this a PrestaShop shop with the webservice on?)');
      }
    }
  }

  /** A list resource's items; the webservice answers `[]` (not an object) when there are none. */
  async function list<T>(resource: string, query: Record<string, string>): Promise<T[]> {
    const answer = await get<Record<string, T[]> | []>(resource, { display: 'full', ...query });
    return Array.isArray(answer) ? [] : (answer[resource] ?? []);
  }

  const byProducts = (ids: string[]) => ({ 'filter[id_product]': `[${ids.join('|')}]` });

  return {
    /** Whether the key opens the shop's products (throws PrestaShopError otherwise). */
    async checkKey(): Promise<void> {
      await get('products', { display: '[id]', limit: '0,1' });
    },
    /** Product ids in id order, a page at a time. */
    productIds: async (offset: number, count: number) =>
      (await list<{ id: number | string }>('products', { display: '[id]', sort: '[id_ASC]', limit: `${offset},${count}` })).map((p) =>
        String(p.id),
      ),
    products: (offset: number, count: number) => list<PsProduct>('products', { sort: '[id_ASC]', limit: `${offset},${count}` }),
    combinations: (productIds: string[]) =>
      productIds.length ? list<PsCombination>('combinations', byProducts(productIds)) : Promise.resolve([]),
    stockAvailables: (productIds: string[]) =>
      productIds.length ? list<PsStockAvailable>('stock_availables', byProducts(productIds)) : Promise.resolve([]),
    optionValues: () => list<PsOptionValue>('product_option_values', {}),
    options: () => list<PsOption>('product_options', {}),
    /** A product image's public address on the shop's front (img/p/1/2/12.jpg), which needs no key. */
    imageUrl: (imageId: string) => `${base}/img/p/${imageId.split('').join('/')}/${imageId}.jpg`,
  };
}

export type PrestaShopClient = ReturnType<typeof createPrestaShopClient>;
