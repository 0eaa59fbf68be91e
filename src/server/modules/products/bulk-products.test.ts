import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { BULK_PRODUCTS_INLINE, BULK_PRODUCTS_MAX } from '#shared/schemas/products';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { products, productVariants, vendors } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { productInput, saveProduct } from '../../../../test/support/products.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
});
afterAll(() => t.close());

const bulk = (session: Session, body: object) => caller(t, session)('POST', '/api/products-v2/bulk', body);
const vendorId = async (name: string) =>
  (
    await t.db
      .select()
      .from(vendors)
      .where(and(eq(vendors.storeId, 'demo'), eq(vendors.name, name)))
  )[0].id;
const statusOf = async (prefix: string) =>
  (
    await t.db
      .select({ status: products.status })
      .from(products)
      .where(like(products.title, `${prefix}%`))
  ).map((p) => p.status);

/** `n` draft products of the vendor, each with a price and a stock, written straight to the database. */
async function drafts(vendor: string, prefix: string, n: number) {
  const id = await vendorId(vendor);
  const ids: string[] = [];
  // In statements of at most 1,000 rows: a statement takes at most 65,535 parameters.
  for (let from = 0; from < n; from += 1000) {
    const numbers = Array.from({ length: Math.min(1000, n - from) }, (_, i) => from + i);
    const rows = await t.db
      .insert(products)
      .values(
        numbers.map((i) => ({
          storeId: 'demo',
          vendorId: id,
          handle: `${prefix.toLowerCase().replace(/ /g, '-')}-${i}`,
          title: `${prefix} ${i}`,
          currency: 'USD',
          status: 'DRAFT' as const,
        })),
      )
      .returning({ id: products.id });
    await t.db.insert(productVariants).values(
      rows.map((r, i) => ({
        storeId: 'demo',
        productId: r.id,
        vendorId: id,
        sku: `${prefix}-${numbers[i]}`,
        price: 500,
        stock: 3,
        trackStock: true,
        position: 0,
      })),
    );
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

describe('POST products-v2/bulk', () => {
  it('a vendor activates every draft its filter matches, past the page it sees, and none of another vendor’s', async () => {
    await drafts('Vendor One', 'Imported mug', 40);
    await drafts('Vendor Two', 'Other mug', 3);
    const res = await bulk(s.vendor1, { action: 'activate', filter: { status: 'DRAFT', q: 'imported' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ matched: 40, queued: false, succeeded: 40, failures: [] });
    expect(new Set(await statusOf('Imported mug'))).toEqual(new Set(['ACTIVE']));
    expect(new Set(await statusOf('Other mug'))).toEqual(new Set(['DRAFT']));
    // The list's Active tab counts them.
    const list = await caller(t, s.vendor1)('GET', '/api/products-v2?status=ACTIVE&q=imported');
    expect(list.json().count).toBe(40);
  });

  it('another vendor’s ids are not the caller’s: nothing matches, nothing changes', async () => {
    const theirs = await drafts('Vendor Two', 'Their bowl', 2);
    const res = await bulk(s.vendor1, { action: 'activate', ids: theirs });
    expect(res.json()).toEqual({ matched: 0, queued: false, succeeded: 0, failures: [] });
    expect(await statusOf('Their bowl')).toEqual(['DRAFT', 'DRAFT']);
  });

  it('a vendor cannot delete; an admin deletes the chosen products', async () => {
    const ids = await drafts('Vendor One', 'Doomed cup', 2);
    const refused = await bulk(s.vendor1, { action: 'delete', ids });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the marketplace can delete a product');
    expect(await statusOf('Doomed cup')).toHaveLength(2);
    const done = await bulk(s.admin, { action: 'delete', ids });
    expect(done.json()).toMatchObject({ matched: 2, succeeded: 2 });
    expect(await statusOf('Doomed cup')).toEqual([]);
  });

  it('an admin approves what waits for approval from one vendor, with the note', async () => {
    await drafts('Vendor Two', 'Waiting plate', 3);
    const res = await bulk(s.admin, {
      action: 'approve',
      note: 'Looks good',
      filter: { status: 'ALL', approval: 'waiting', vendor: 'Vendor Two', q: 'waiting plate' },
    });
    expect(res.json()).toMatchObject({ matched: 3, succeeded: 3, failures: [] });
    const rows = await t.db.select().from(products).where(like(products.title, 'Waiting plate%'));
    expect(rows.map((r) => [r.approved, r.approvalNote])).toEqual([
      [true, 'Looks good'],
      [true, 'Looks good'],
      [true, 'Looks good'],
    ]);
  });

  it('a product the editor would refuse to activate is reported with why; the others are activated', async () => {
    const good = await saveProduct(
      t,
      s.vendor1,
      productInput({ title: 'Fine jug', variants: [{ price: '9.00', stock: 2, sku: 'JUG-1' }] }),
    );
    const [bad] = await drafts('Vendor One', 'Nameless', 1);
    // A title the editor refuses (under 3 characters), stored before the rule.
    await t.db.update(products).set({ title: 'No' }).where(eq(products.id, bad));
    const res = await bulk(s.vendor1, { action: 'activate', ids: [good, bad] });
    expect(res.json()).toEqual({
      matched: 2,
      queued: false,
      succeeded: 1,
      failures: [{ id: bad, title: 'No', message: 'title: Required' }],
    });
  });

  it(`more than ${BULK_PRODUCTS_INLINE} products are changed by a job`, async () => {
    await drafts('Vendor Two', 'Many spoon', BULK_PRODUCTS_INLINE + 5);
    const res = await bulk(s.vendor2, { action: 'activate', filter: { status: 'DRAFT', q: 'spoon' } });
    expect(res.json()).toEqual({ matched: BULK_PRODUCTS_INLINE + 5, queued: true, succeeded: 0, failures: [] });
    await t.ctx.jobs.drain();
    expect(new Set(await statusOf('Many spoon'))).toEqual(new Set(['ACTIVE']));
  }, 240_000);

  it(`refuses a filter matching more than ${BULK_PRODUCTS_MAX} products, changing none`, async () => {
    const ids = await drafts('Vendor One', 'Huge lot', BULK_PRODUCTS_MAX + 1);
    const res = await bulk(s.vendor1, { action: 'activate', filter: { status: 'DRAFT' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`At most ${BULK_PRODUCTS_MAX} products can be changed at once. Narrow the filter.`);
    const active = await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids.slice(0, 500)), eq(products.status, 'ACTIVE')));
    expect(active).toEqual([]);
  }, 120_000);

  it('needs either ids or a filter', async () => {
    const res = await bulk(s.admin, { action: 'approve' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Send either ids or filter');
  });
});
