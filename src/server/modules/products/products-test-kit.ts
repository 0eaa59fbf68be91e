import { DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';

/** Shared by the products and catalog tests: the three demo sessions and a small valid product. */
export type Session = Awaited<ReturnType<TestApp['login']>>;
export type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

export async function demoSessions(t: TestApp) {
  const [admin, vendor1, vendor2] = await Promise.all([t.login(DEMO_ACCOUNTS.admin), t.login(DEMO_ACCOUNTS.vendor1), t.login(DEMO_ACCOUNTS.vendor2)]);
  return { admin, vendor1, vendor2 };
}

export function caller(t: TestApp, session: Session) {
  return (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: session.headers, payload });
}

export const productInput = (over: Record<string, unknown> = {}) => ({
  title: 'Blue mug',
  bodyHtml: '<p>A blue mug.</p>',
  variants: [{ price: '19.99', stock: 5, sku: 'MUG-BLUE' }],
  ...over,
});

type Part = Record<string, unknown>;
const media = (m: Part) => ({ alt: '', contentType: 'IMAGE', ...m });
const metafield = (m: Part) => ({ namespace: 'custom', type: '', value: null, ...m });

/**
 * A PUT needs the whole product: the parts a test leaves out, filled as the editor sends them when
 * empty, so tests name only what they are about.
 */
export function wholeProduct(product: Part): Part {
  const { seo, options, media: productMedia, variants, metafields, ...rest } = product as Record<string, Part[] | undefined>;
  return {
    bodyHtml: '',
    ...rest,
    seo: seo ?? { title: '', description: '' },
    options: (options ?? []).map((o) => ({ values: [], ...o })),
    media: (productMedia ?? []).map(media),
    metafields: (metafields ?? []).map(metafield),
    variants: (variants ?? []).map((v) => ({
      price: null,
      compareAt: null,
      options: [],
      sku: '',
      barcode: '',
      taxable: true,
      trackStock: false,
      stock: null,
      requiresShipping: true,
      weight: null,
      dimensions: null,
      localPickup: { enabled: false },
      ...v,
      media: ((v.media as Part[] | undefined) ?? []).map(media),
      metafields: ((v.metafields as Part[] | undefined) ?? []).map(metafield),
    })),
  };
}

/** Saves a product through the API and returns its id (fails the test on anything but 200). */
export async function saveProduct(t: TestApp, session: Session, product: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({ method: 'PUT', url: '/api/products-v2', headers: session.headers, payload: { product: wholeProduct(product) } });
  if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
  return res.json().productId as string;
}
