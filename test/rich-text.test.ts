import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from './support/test-app.ts';
import { HARMLESS, UNSAFE, XSS_CORPUS } from './support/xss-corpus.ts';
import { RICH_TEXT_TAGS } from '../src/shared/rich-text-tags.ts';
import { products, vendorApplications } from '../src/server/db/schema/index.ts';
import { loadStorefrontProduct } from '../src/server/modules/storefront-sync/load-storefront-product.ts';
import { wholeProduct } from './support/whole-product.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let vendor: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  [admin, vendor] = [await t.login(DEMO_ACCOUNTS.admin), await t.login(DEMO_ACCOUNTS.vendor1)];
});
afterAll(() => t.close());

const dirty = `${HARMLESS}\n${XSS_CORPUS}`;
function expectClean(text: string) {
  for (const pattern of UNSAFE) expect(text).not.toMatch(pattern);
  expect(text).toContain(HARMLESS);
}

describe('rich text is sanitised when saved, so every reader publishes clean HTML', () => {
  it('a product description: the admin review, the public catalog, storefront/populate* and the platform sync', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/products-v2',
      headers: admin.headers,
      payload: {
        product: wholeProduct({
          title: 'Xss mug',
          vendor: 'Vendor One',
          status: 'ACTIVE',
          bodyHtml: dirty,
          variants: [{ price: '5.00', sku: 'XSS-1', stock: 3 }],
        }),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().productId as string;
    const get = (url: string, headers = {}) => t.app.inject({ method: 'GET', url, headers });

    const review = (await get(`/api/products-v2/${id}`, admin.headers)).json().product.bodyHtml as string;
    expectClean(review);
    expectClean((await get(`/api/public/catalog?store=demo&id=${id}`)).json().products[0].bodyHtml);
    expectClean((await get('/api/storefront/populate?store=demo&handles=xss-mug')).json().products[0].bodyHtml);
    expectClean((await get(`/api/storefront/populate/v2?store=demo&ids=${id}`)).json().products['xss-mug'].bodyHtml);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expectClean((await loadStorefrontProduct(t.ctx, row)).bodyHtml);
    expect(row.bodyHtml).toBe(review);
  });

  it("a vendor page's description", async () => {
    const features = { vendorPage: { enabled: true } };
    await t.app.inject({ method: 'PATCH', url: '/api/app/info/features', headers: admin.headers, payload: { features } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendors/v2',
      headers: vendor.headers,
      payload: { description: dirty, imageUrl: '', metafields: [] },
    });
    expect(res.statusCode).toBe(200);
    expectClean(res.json().description);
    const page = await t.app.inject({ method: 'GET', url: '/api/vendors/v2/definitions', headers: vendor.headers });
    expectClean(page.json().page.description);
  });

  it('a rich-text answer of the registration form', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/application',
      payload: {
        store: 'demo',
        vendorName: 'Xss Crafts',
        email: 'xss@crafts.test',
        fields: [
          { key: 'company', value: 'Xss BV', name: 'Company name' },
          { key: 'categories', value: ['Art'], name: 'Categories' },
          { key: 'country', value: 'Germany', name: 'Country' },
          { key: 'terms', value: true, name: 'Terms' },
          { key: 'logo', value: 'http://127.0.0.1:3000/api/files/demo/metafield-file/x.png', name: 'Shop logo' },
          { key: 'story', value: dirty, name: 'Your story' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(vendorApplications).where(eq(vendorApplications.email, 'xss@crafts.test'));
    expectClean(String(row.fields.find((f) => f.key === 'story')!.value));
  });

  it('rows stored before sanitising are published clean too (sanitised on read until saved again)', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/products-v2',
      headers: admin.headers,
      payload: {
        product: wholeProduct({
          title: 'Old mug',
          vendor: 'Vendor One',
          status: 'ACTIVE',
          bodyHtml: '<p>old</p>',
          variants: [{ price: '5.00', sku: 'OLD-1', stock: 3 }],
        }),
      },
    });
    const id = saved.json().productId as string;
    await t.db.update(products).set({ bodyHtml: dirty }).where(eq(products.id, id));
    const get = (url: string, headers = {}) => t.app.inject({ method: 'GET', url, headers });
    expectClean((await get(`/api/products-v2/${id}`, admin.headers)).json().product.bodyHtml);
    expectClean((await get(`/api/public/catalog?store=demo&id=${id}`)).json().products[0].bodyHtml);
    expectClean((await get('/api/storefront/populate?store=demo&handles=old-mug')).json().products[0].bodyHtml);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expectClean((await loadStorefrontProduct(t.ctx, row)).bodyHtml);
  });
});

describe('what the editor writes is what the server keeps', () => {
  it('a description using every tag the editor writes is stored as it was sent', async () => {
    const attributes: Record<string, string> = { a: ' href="https://example.com/mugs"' };
    const html = RICH_TEXT_TAGS.map((tag) =>
      tag === 'br' ? '<br />' : tag === 'li' ? `<ul><li>item</li></ul>` : `<${tag}${attributes[tag] ?? ''}>${tag} text</${tag}>`,
    ).join('');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/products-v2',
      headers: admin.headers,
      payload: {
        product: wholeProduct({
          title: 'Editor mug',
          vendor: 'Vendor One',
          status: 'ACTIVE',
          bodyHtml: html,
          variants: [{ price: '5.00', sku: 'EDITOR-1', stock: 3 }],
        }),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = (await t.app.inject({ method: 'GET', url: `/api/products-v2/${saved.json().productId}`, headers: admin.headers })).json()
      .product.bodyHtml;
    expect(stored).toBe(html);
  });
});
