import { DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { wholeProduct } from '../../../../test/support/whole-product.ts';

export { wholeProduct };

/** Shared by the products and catalog tests: the three demo sessions and a small valid product. */
export type Session = Awaited<ReturnType<TestApp['login']>>;
export type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

export async function demoSessions(t: TestApp) {
  const [admin, vendor1, vendor2] = await Promise.all([
    t.login(DEMO_ACCOUNTS.admin),
    t.login(DEMO_ACCOUNTS.vendor1),
    t.login(DEMO_ACCOUNTS.vendor2),
  ]);
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

/** Saves a product through the API and returns its id (fails the test on anything but 200). */
export async function saveProduct(t: TestApp, session: Session, product: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/products-v2',
    headers: session.headers,
    payload: { product: wholeProduct(product) },
  });
  if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
  return res.json().productId as string;
}
