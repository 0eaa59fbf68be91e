import type { Session } from './sessions.ts';
import type { TestApp } from './test-app.ts';
import { wholeProduct } from './whole-product.ts';

/** A small valid product. */
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
