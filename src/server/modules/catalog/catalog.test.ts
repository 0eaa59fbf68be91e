import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { products } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { productInput, saveProduct } from '../../../../test/support/products.ts';
import { CATALOG_RATE_LIMIT } from './routes.ts';

let t: TestApp;
let frozenAt: Date | null = null;
let s: { admin: Session; vendor1: Session; vendor2: Session };
const ids: Record<string, string> = {};

/** A product saved by its vendor, then approved or not by an admin. */
async function product(session: Session, title: string, status: string, approved: boolean, extra: Record<string, unknown> = {}) {
  const id = await saveProduct(t, session, productInput({ title, status, ...extra }));
  if (approved) await caller(t, s.admin)('PATCH', `/api/product-v2/${id}/approve`, {});
  ids[title] = id;
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => frozenAt ?? new Date() });
  s = await demoSessions(t);
  await product(s.vendor1, 'Public mug', 'ACTIVE', true, {
    media: [{ src: '/api/cdn/files/demo/product-images/mug.png', alt: 'A mug' }],
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { price: '10', stock: 1, options: ['S'], sku: 'PM-S', trackStock: true },
      { price: '12.5', stock: 0, options: ['M'], sku: 'PM-M', trackStock: true },
    ],
  });
  await product(s.vendor1, 'Draft approved mug', 'DRAFT', true);
  await product(s.vendor1, 'Pending mug', 'ACTIVE', false);
  await product(s.vendor1, 'Archived mug', 'ARCHIVED', true);
  await product(s.vendor1, '<script>alert("x")</script> mug', 'ACTIVE', true, { media: [{ src: 'https://cdn.test/a.png?x="><script>' }] });
  await product(s.vendor2, 'Second vendor mug', 'ACTIVE', true);
});
afterAll(() => t.close());

const publicGet = (url: string) => t.app.inject({ method: 'GET', url });
const titles = (list: { title: string }[]) => list.map((p) => p.title).sort();
const PUBLIC = ['<script>alert("x")</script> mug', 'Public mug', 'Second vendor mug'].sort();

describe('GET /api/catalog (signed in)', () => {
  it("lists the store's approved, active products of every vendor for pickers, searchable", async () => {
    const res = await caller(t, s.vendor2)('GET', '/api/catalog');
    expect(res.statusCode).toBe(200);
    expect(titles(res.json().products)).toEqual(PUBLIC);
    const found = (await caller(t, s.vendor2)('GET', '/api/catalog?q=publ')).json().products;
    expect(found).toEqual([
      {
        id: ids['Public mug'],
        handle: 'public-mug',
        title: 'Public mug',
        vendor: 'Vendor One',
        image: '/api/cdn/files/demo/product-images/mug.png',
        priceMin: '10.00',
        priceMax: '12.50',
        currency: 'USD',
        inStock: true,
      },
    ]);
  });
});

describe('GET /api/public/catalog', () => {
  it('shows only approved and active products, with public fields only, readable from any storefront origin', async () => {
    const res = await publicGet('/api/public/catalog?store=demo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json();
    expect(titles(body.products)).toEqual(PUBLIC);
    const mug = body.products.find((p: { title: string }) => p.title === 'Public mug');
    expect(mug).toMatchObject({
      vendor: 'Vendor One',
      image: 'http://127.0.0.1:3000/api/cdn/files/demo/product-images/mug.png',
      priceMin: '10.00',
      priceMax: '12.50',
      available: true,
      variants: [
        { title: 'S', price: '10.00', available: true },
        { title: 'M', price: '12.50', available: false },
      ],
    });
    expect(JSON.stringify(body)).not.toMatch(/PM-S|approv|stock/i);
  });

  it('id: a product id (or a list) or a vendor name', async () => {
    expect(titles((await publicGet(`/api/public/catalog?store=demo&id=${ids['Public mug']}`)).json().products)).toEqual(['Public mug']);
    const list = await publicGet(
      `/api/public/catalog?store=demo&id=${ids['Second vendor mug']},${ids['Pending mug']},${ids['Public mug']}`,
    );
    expect(list.json().products.map((p: { title: string }) => p.title)).toEqual(['Second vendor mug', 'Public mug']);
    expect((await publicGet(`/api/public/catalog?store=demo&id=${ids['Draft approved mug']}`)).json().products).toEqual([]);
    expect(titles((await publicGet('/api/public/catalog?store=demo&id=Vendor%20Two')).json().products)).toEqual(['Second vendor mug']);
    expect((await publicGet('/api/public/catalog?store=demo&id=Nobody')).statusCode).toBe(404);
    expect((await publicGet('/api/public/catalog?store=nowhere')).statusCode).toBe(404);
  });

  it('pages with first/after', async () => {
    const first = (await publicGet('/api/public/catalog?store=demo&first=2')).json();
    expect(first.products).toHaveLength(2);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = (await publicGet(`/api/public/catalog?store=demo&first=2&after=${first.pageInfo.endCursor}`)).json();
    expect(titles([...first.products, ...rest.products])).toEqual(PUBLIC);
    expect(rest.pageInfo.hasNextPage).toBe(false);
  });
});

describe('storefront populate', () => {
  it('populate: by handles; populate/v2: by ids and handles, keyed by handle; hidden products are left out', async () => {
    const v1 = (await publicGet('/api/storefront/populate?store=demo&handles=public-mug,pending-mug,nope')).json();
    expect(v1.products.map((p: { handle: string }) => p.handle)).toEqual(['public-mug']);
    const v2 = (
      await publicGet(`/api/storefront/populate/v2?store=demo&ids=${ids['Second vendor mug']}&handles=public-mug,archived-mug`)
    ).json();
    expect(Object.keys(v2.products).sort()).toEqual(['public-mug', 'second-vendor-mug']);
    expect(v2.products['public-mug'].vendor).toBe('Vendor One');
  });

  it("populate/vendor: the vendor's products as JSON, or as an HTML fragment with everything escaped", async () => {
    const json = await publicGet('/api/storefront/populate/vendor?store=demo&vendor=Vendor%20One&json=true');
    expect(json.json().vendor).toBe('Vendor One');
    expect(titles(json.json().products)).toEqual(['<script>alert("x")</script> mug', 'Public mug']);
    const html = await publicGet('/api/storefront/populate/vendor?store=demo&vendor=Vendor%20One');
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(html.body).toContain('<div class="mp-vendor-products" data-vendor="Vendor One">');
    expect(html.body).toContain('href="/products/public-mug"');
    expect(html.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; mug');
    expect(html.body).not.toMatch(/<script|onerror|"><script/i);
    expect(html.body).toContain('12.50 USD');
    expect((await publicGet('/api/storefront/populate/vendor?store=demo&vendor=Nobody')).statusCode).toBe(404);
    expect((await publicGet('/api/storefront/populate/vendor?store=demo')).statusCode).toBe(400);
  });

  it('a product that stops being public disappears from every public answer', async () => {
    await caller(t, s.admin)('PATCH', `/api/product-v2/${ids['Second vendor mug']}/unapprove`, {});
    expect(titles((await publicGet('/api/public/catalog?store=demo&id=Vendor%20Two')).json().products)).toEqual([]);
    expect((await publicGet('/api/storefront/populate?store=demo&handles=second-vendor-mug')).json().products).toEqual([]);
    expect((await t.db.select().from(products).where(eq(products.id, ids['Second vendor mug'])))[0].approved).toBe(false);
  });

  it(`is rate-limited per address (429 after ${CATALOG_RATE_LIMIT.max} a minute)`, async () => {
    // The limit counts in one-minute windows: the clock stands still, so the loop never straddles two.
    frozenAt = new Date();
    try {
      let status = 200;
      for (let i = 0; i <= CATALOG_RATE_LIMIT.max && status !== 429; i++) {
        status = (await t.app.inject({ method: 'GET', url: '/api/storefront/populate?store=demo&handles=x', remoteAddress: '10.9.9.9' }))
          .statusCode;
      }
      expect(status).toBe(429);
    } finally {
      frozenAt = null;
    }
  });
});
