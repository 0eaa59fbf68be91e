import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-process PrestaShop webservice (1.7/8) as our sync meets it: `/api/{resource}` with the key
 * as Basic auth's user (401 otherwise), XML by default and JSON with `output_format=JSON` (an
 * empty list is `[]`), `display=full` or `display=[id,...]`, paging `limit=offset,count` (or
 * `limit=count`), `filter[field]=[a|b]`, `sort=[id_ASC]`. Multilingual fields are lists of
 * `{id, value}`; a product's own `quantity` is always 0 (stock lives in stock_availables, as on a
 * real shop). `throttle(n, status)` answers the next n calls 429 or 503 with a Retry-After.
 */

type Text = { id: string; value: string }[];
const t = (value: string): Text => [{ id: '1', value }];

export interface FakePsProduct {
  id: number;
  reference: string;
  ean13: string;
  price: string;
  weight: string;
  active: string;
  quantity: string;
  name: Text;
  description: Text;
  link_rewrite: Text;
  associations: { images: { id: string }[]; combinations: { id: string }[] };
}
export interface FakePsCombination {
  id: number;
  id_product: string;
  reference: string;
  ean13: string;
  price: string;
  weight: string;
  associations: { product_option_values: { id: string }[] };
}
export interface FakePsStock {
  id: number;
  id_product: string;
  id_product_attribute: string;
  quantity: string;
}

export interface FakeShop {
  products: FakePsProduct[];
  combinations: FakePsCombination[];
  stock_availables: FakePsStock[];
  product_options: { id: number; name: Text }[];
  product_option_values: { id: number; id_attribute_group: string; name: Text }[];
}

/**
 * A shop of `count` products: every fifth has two sizes (combinations with a price impact), every
 * product one or two images and its stock in stock_availables.
 */
export function makeFakeShop(count: number): FakeShop {
  const shop: FakeShop = {
    products: [],
    combinations: [],
    stock_availables: [],
    product_options: [{ id: 1, name: t('Size') }],
    product_option_values: [
      { id: 1, id_attribute_group: '1', name: t('S') },
      { id: 2, id_attribute_group: '1', name: t('M') },
    ],
  };
  for (let id = 1; id <= count; id++) addFakeProduct(shop, id, id % 5 === 0);
  return shop;
}

export function addFakeProduct(shop: FakeShop, id: number, sized: boolean) {
  const combinations: FakePsCombination[] = sized
    ? [1, 2].map((value) => ({
        id: id * 10 + value,
        id_product: String(id),
        reference: `PS-${id}-${value === 1 ? 'S' : 'M'}`,
        ean13: '',
        price: value === 1 ? '0.000000' : '2.500000',
        weight: '0.000000',
        associations: { product_option_values: [{ id: String(value) }] },
      }))
    : [];
  shop.products.push({
    id,
    reference: `PS-${id}`,
    ean13: '',
    price: `${10 + (id % 90)}.990000`,
    weight: '0.250000',
    active: '1',
    quantity: '0',
    name: t(`Prestashop product ${id}`),
    description: t(`<p>Imported product number ${id}</p>`),
    link_rewrite: t(`prestashop-product-${id}`),
    associations: {
      images: id % 2 ? [{ id: String(id * 10 + 1) }] : [{ id: String(id * 10 + 1) }, { id: String(id * 10 + 2) }],
      combinations: combinations.map((c) => ({ id: String(c.id) })),
    },
  });
  shop.combinations.push(...combinations);
  const stockRows = sized ? combinations.map((c) => ({ attribute: String(c.id), quantity: 3 })) : [{ attribute: '0', quantity: id % 7 }];
  for (const row of stockRows) {
    shop.stock_availables.push({
      id: shop.stock_availables.length + 1,
      id_product: String(id),
      id_product_attribute: row.attribute,
      quantity: String(row.quantity),
    });
  }
}

const SINGULAR: Record<string, string> = {
  products: 'product',
  combinations: 'combination',
  stock_availables: 'stock_available',
  product_options: 'product_option',
  product_option_values: 'product_option_value',
};

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function toXml(name: string, value: unknown): string {
  if (Array.isArray(value)) {
    if (value.every((v) => v && typeof v === 'object' && 'value' in v && 'id' in v && Object.keys(v).length === 2))
      return `<${name}>${value.map((v: { id: string; value: string }) => `<language id="${v.id}"><![CDATA[${v.value}]]></language>`).join('')}</${name}>`;
    const item = name.replace(/s$/, '');
    return `<${name}>${value.map((v) => toXml(item, v)).join('')}</${name}>`;
  }
  if (value && typeof value === 'object')
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => toXml(k, v))
      .join('')}</${name}>`;
  return `<${name}><![CDATA[${escapeXml(String(value))}]]></${name}>`;
}

export async function startFakePrestaShop(options: { key: string; shop: FakeShop }) {
  const state = { shop: options.shop, key: options.key, throttled: 0, throttleStatus: 429, requests: 0 };
  const server = createServer((req, res) => {
    state.requests++;
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = url.searchParams.get('output_format') === 'JSON';
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': json ? 'application/json' : 'text/xml;charset=utf-8', ...headers });
      res.end(
        json
          ? JSON.stringify(body)
          : `<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">${
              body && typeof body === 'object'
                ? Object.entries(body)
                    .map(([k, v]) => toXml(k, v))
                    .join('')
                : ''
            }</prestashop>`,
      );
    };
    const authorization = req.headers.authorization ?? '';
    const user = authorization.startsWith('Basic ') ? Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':')[0] : '';
    if (user !== state.key)
      return send(
        401,
        { errors: [{ code: 17, message: '401 Unauthorized' }] },
        {
          'www-authenticate':
            'Basic realm="Welcome to PrestaShop Webservice, please enter the authentication key as the login. No password required."',
        },
      );
    if (state.throttled > 0) {
      state.throttled--;
      return send(state.throttleStatus, { errors: [{ code: 0, message: 'Too many requests' }] }, { 'retry-after': '0' });
    }
    const resource = /^\/api\/(\w+)\/?$/.exec(url.pathname)?.[1];
    if (url.pathname === '/api/' || url.pathname === '/api') return send(200, { api: Object.keys(SINGULAR) });
    if (!resource || !(resource in SINGULAR)) return send(404, { errors: [{ code: 22, message: 'Resource of type "x" does not exists' }] });
    let rows = [...(state.shop[resource as keyof FakeShop] as { id: number }[])];
    for (const [param, value] of url.searchParams) {
      const field = /^filter\[(\w+)\]$/.exec(param)?.[1];
      if (!field) continue;
      const wanted = new Set(value.replace(/^\[|\]$/g, '').split('|'));
      rows = rows.filter((row) => wanted.has(String((row as unknown as Record<string, unknown>)[field])));
    }
    if (url.searchParams.get('sort') === '[id_DESC]') rows.reverse();
    else rows.sort((a, b) => a.id - b.id);
    const limit = url.searchParams.get('limit');
    if (limit) {
      const [first, second] = limit.split(',').map(Number);
      rows = second === undefined ? rows.slice(0, first) : rows.slice(first, first + second);
    }
    const display = url.searchParams.get('display');
    const fields = display && display !== 'full' ? display.replace(/^\[|\]$/g, '').split(',') : null;
    const shaped =
      display === 'full'
        ? rows
        : rows.map((row) => Object.fromEntries((fields ?? ['id']).map((f) => [f, (row as unknown as Record<string, unknown>)[f]])));
    if (json && shaped.length === 0) return send(200, []);
    send(200, { [resource]: shaped });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    /** The next `count` calls answer `status` (429 or 503) with Retry-After: 0. */
    throttle(count: number, status = 429) {
      state.throttled = count;
      state.throttleStatus = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
