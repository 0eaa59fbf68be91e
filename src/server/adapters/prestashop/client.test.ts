import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFakeShop, startFakePrestaShop } from '../../../../test/fakes/fake-prestashop.ts';
import { isInternalAddress, safeRequest, UnsafeUrlError } from '#server/lib/safe-fetch';
import { createPrestaShopClient, PrestaShopError } from './client.ts';

const KEY = 'CLIENTKEYCLIENTKEYCLIENTKEYCLIEN';
let shop: Awaited<ReturnType<typeof startFakePrestaShop>>;
const waits: number[] = [];
const client = () =>
  createPrestaShopClient({ baseUrl: shop.url, key: KEY, allowHosts: ['127.0.0.1'], sleep: async (ms) => void waits.push(ms) });
const basic = (user: string) => `Basic ${Buffer.from(`${user}:`).toString('base64')}`;

beforeAll(async () => {
  shop = await startFakePrestaShop({ key: KEY, shop: makeFakeShop(12) });
});
afterAll(() => shop.close());

describe('the fake PrestaShop webservice', () => {
  it('answers XML by default and JSON with output_format=JSON; the key is Basic auth’s user, a bad one is 401', async () => {
    const xml = await safeRequest(`${shop.url}/api/products?display=[id]&limit=0,2`, {
      headers: { authorization: basic(KEY) },
      allowHosts: ['127.0.0.1'],
    });
    expect(xml.headers['content-type']).toContain('text/xml');
    expect(xml.text).toContain(
      '<prestashop xmlns:xlink="http://www.w3.org/1999/xlink"><products><product><id><![CDATA[1]]></id></product>',
    );
    const json = await safeRequest(`${shop.url}/api/products?output_format=JSON&display=full&limit=10,5`, {
      headers: { authorization: basic(KEY) },
      allowHosts: ['127.0.0.1'],
    });
    expect(JSON.parse(json.text).products.map((p: { id: number }) => p.id)).toEqual([11, 12]);
    const refused = await safeRequest(`${shop.url}/api/products?output_format=JSON`, {
      headers: { authorization: basic('WRONG') },
      allowHosts: ['127.0.0.1'],
    });
    expect(refused.status).toBe(401);
  });
});

describe('the PrestaShop client', () => {
  it('pages with limit=offset,count, reads combinations and stock of a page, and an empty list as []', async () => {
    const c = client();
    expect(await c.productIds(0, 5)).toEqual(['1', '2', '3', '4', '5']);
    expect(await c.productIds(100, 5)).toEqual([]);
    const page = await c.products(4, 2);
    expect(page.map((p) => p.id)).toEqual([5, 6]);
    expect((await c.combinations(['5', '6'])).map((x) => x.reference)).toEqual(['PS-5-S', 'PS-5-M']);
    expect((await c.stockAvailables(['6'])).map((x) => [x.id_product_attribute, x.quantity])).toEqual([['0', '6']]);
    expect(c.imageUrl('123')).toBe(`${shop.url}/img/p/1/2/3/123.jpg`);
  });

  it('backs off from 429 and 503 (Retry-After, else exponentially) and gives up after its retries', async () => {
    waits.length = 0;
    shop.throttle(2, 503);
    expect(await client().productIds(0, 1)).toEqual(['1']);
    expect(waits).toEqual([0, 0]);
    shop.throttle(10, 429);
    const slow = createPrestaShopClient({ baseUrl: shop.url, key: KEY, allowHosts: ['127.0.0.1'], maxRetries: 2, sleep: async () => {} });
    await expect(slow.productIds(0, 1)).rejects.toThrow('The shop answered 429');
    shop.throttle(0);
  });

  it('tells a refused key from an unreachable shop', async () => {
    const refused = createPrestaShopClient({ baseUrl: shop.url, key: 'NOPE', allowHosts: ['127.0.0.1'] });
    await expect(refused.checkKey()).rejects.toMatchObject({ refusedKey: true });
    const closed = createPrestaShopClient({ baseUrl: 'http://127.0.0.1:9', key: KEY, allowHosts: ['127.0.0.1'] });
    await expect(closed.checkKey()).rejects.toBeInstanceOf(PrestaShopError);
    await expect(closed.checkKey()).rejects.toMatchObject({ refusedKey: false });
  });
});

describe('the SSRF-safe request', () => {
  it('refuses internal addresses, literal or resolved, and URLs with credentials or another scheme', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']) expect(isInternalAddress(address), address).toBe(false);
    await expect(safeRequest('http://127.0.0.1:9/')).rejects.toBeInstanceOf(UnsafeUrlError);
    await expect(safeRequest('http://[::1]:9/')).rejects.toBeInstanceOf(UnsafeUrlError);
    // A name that resolves to loopback is refused at connect time, not by its spelling.
    await expect(safeRequest('http://localhost:9/')).rejects.toBeInstanceOf(UnsafeUrlError);
    await expect(safeRequest('http://user:pass@example.com/')).rejects.toThrow('The address may not carry credentials');
    await expect(safeRequest('file:///etc/passwd')).rejects.toThrow('Only http and https addresses are allowed');
  });
});
