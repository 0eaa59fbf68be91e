import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { jobs, productRevisions, products, productVariants } from '#server/db/schema/index';
import { patchStoreSettings } from '../settings/store-settings.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { productInput, saveProduct } from '../../../../test/support/products.ts';
import { wholeProduct } from '../../../../test/support/whole-product.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
});
afterAll(() => t.close());

const put = (session: Session, product: object) =>
  caller(t, session)('PUT', '/api/products-v2', { product: wholeProduct(product as Record<string, unknown>) });
const get = async (session: Session, id: string) => (await caller(t, session)('GET', `/api/products-v2/${id}`)).json().product;
const revisionOf = async (session: Session, id: string) => (await caller(t, session)('GET', `/api/products-v2/${id}/revision`)).json();
const decide = (session: Session, id: string, action: string, note?: string) =>
  caller(t, session)('PATCH', `/api/product-v2/${id}/revision/${action}`, note ? { note } : {});
const row = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];
const stockOf = async (id: string) => (await t.db.select().from(productVariants).where(eq(productVariants.productId, id)))[0].stock;
const publicTitle = async (id: string, bust: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/public/catalog?store=demo&id=${id}&first=${bust}` })).json().products[0]?.title;

/** A vendor's product an admin approved and that is on sale. */
async function liveProduct(title: string, over: Record<string, unknown> = {}) {
  const variants = [{ price: '19.99', stock: 5, sku: 'MUG-BLUE', trackStock: true }];
  const id = await saveProduct(t, s.vendor1, productInput({ title, status: 'ACTIVE', variants, ...over }));
  await t.db.update(products).set({ approved: true, approvedAt: new Date() }).where(eq(products.id, id));
  return { id, detail: await get(s.vendor1, id) };
}

describe("a vendor's edit of a live product waits as a revision", () => {
  it('keeps the live product as approved, applies the stock at once, shows the diff and mails the admins', async () => {
    const { id, detail } = await liveProduct('Live mug', { bodyHtml: '<p>A blue mug for tea.</p>' });
    const mailsBefore = (await t.mailsTo(DEMO_ACCOUNTS.admin)).length;
    const res = await put(s.vendor1, {
      ...detail,
      title: 'Live mug, large',
      bodyHtml: '<p>A <strong>big</strong> blue mug for coffee.</p>',
      media: [{ src: 'https://cdn.example.com/large.jpg', alt: 'Large mug', contentType: 'IMAGE' }],
      variants: [{ ...detail.variants[0], stock: 42, price: '21.00' }],
    });
    expect(res.statusCode).toBe(200);

    const live = await row(id);
    expect(live).toMatchObject({ title: 'Live mug', approved: true, bodyHtml: '<p>A blue mug for tea.</p>', totalStock: 42 });
    expect(await stockOf(id)).toBe(42);
    expect(await publicTitle(id, '1')).toBe('Live mug');
    const mails = await t.mailsTo(DEMO_ACCOUNTS.admin);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails[0].subject).toBe('Vendor One submitted Live mug, large');

    const { pending, rejected } = await revisionOf(s.admin, id);
    expect(rejected).toBeNull();
    expect(pending).toMatchObject({ status: 'pending', live: { title: 'Live mug' }, proposed: { title: 'Live mug, large' } });
    const change = (kind: string, field?: string) =>
      pending.changes.find((c: { kind: string; field?: string }) => c.kind === kind && (!field || c.field === field));
    expect(change('text', 'title').parts).toEqual([
      { value: 'Live mug', added: false, removed: false },
      { value: ', large', added: true, removed: false },
    ]);
    const body = change('text', 'bodyHtml');
    expect(body.formattingChanged).toBe(true);
    const marked = body.parts.map((p: { value: string; added: boolean; removed: boolean }) =>
      p.added ? `{+${p.value}+}` : p.removed ? `[-${p.value}-]` : p.value,
    );
    expect(marked.join('')).toBe('A {+big +}blue mug for [-tea-]{+coffee+}.');
    expect(change('media')).toEqual({
      kind: 'media',
      added: [{ src: 'https://cdn.example.com/large.jpg', alt: 'Large mug', contentType: 'IMAGE' }],
      removed: [],
    });
    expect(change('variants').changed).toEqual([{ label: 'MUG-BLUE', changes: [{ field: 'price', before: '19.99', after: '21.00' }] }]);
  });

  it('a second edit replaces the pending revision (one a product); the vendor sees it, another vendor does not', async () => {
    const { id, detail } = await liveProduct('Replaced mug');
    await put(s.vendor1, { ...detail, title: 'Replaced mug, first try' });
    await put(s.vendor1, { ...detail, title: 'Replaced mug, second try' });
    const rows = await t.db
      .select()
      .from(productRevisions)
      .where(and(eq(productRevisions.productId, id), eq(productRevisions.status, 'pending')));
    expect(rows.length).toBe(1);
    expect((await revisionOf(s.vendor1, id)).pending.proposed.title).toBe('Replaced mug, second try');
    expect((await caller(t, s.vendor2)('GET', `/api/products-v2/${id}/revision`)).statusCode).toBe(404);

    const mine = (await caller(t, s.vendor1)('GET', '/api/products-v2/revisions')).json();
    expect(mine.revisions.map((r: { proposedTitle: string }) => r.proposedTitle)).toContain('Replaced mug, second try');
    const theirs = (await caller(t, s.vendor2)('GET', '/api/products-v2/revisions')).json();
    expect(theirs.revisions.map((r: { productId: string }) => r.productId)).not.toContain(id);
    const all = (await caller(t, s.admin)('GET', '/api/products-v2/revisions')).json();
    expect(all.revisions.find((r: { productId: string }) => r.productId === id)).toMatchObject({
      title: 'Replaced mug',
      proposedTitle: 'Replaced mug, second try',
      vendor: 'Vendor One',
    });
  });

  it('approving puts the revision live in one step with the stock of now, syncs the storefront and mails the vendor', async () => {
    const { id, detail } = await liveProduct('Approved mug');
    await put(s.vendor1, { ...detail, title: 'Approved mug, new look', variants: [{ ...detail.variants[0], stock: 10 }] });
    // An order sold three meanwhile.
    await t.db.update(productVariants).set({ stock: 7 }).where(eq(productVariants.productId, id));
    expect((await decide(s.vendor1, id, 'approve')).statusCode).toBe(403);
    await t.db.delete(jobs);

    const res = await decide(s.admin, id, 'approve', 'Looks good');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ productId: id, status: 'approved' });
    expect(await row(id)).toMatchObject({ title: 'Approved mug, new look', approved: true });
    expect(await stockOf(id)).toBe(7);
    expect(await publicTitle(id, '2')).toBe('Approved mug, new look');
    expect((await t.db.select().from(jobs)).some((j) => j.type.includes('sync'))).toBe(true);
    expect((await t.mailsTo(DEMO_ACCOUNTS.vendor1))[0].subject).toBe('Approved mug, new look is approved');
    expect(await revisionOf(s.vendor1, id)).toEqual({ pending: null, rejected: null });
    expect((await decide(s.admin, id, 'approve')).statusCode).toBe(409);
  });

  it('rejecting keeps the live version and tells the vendor why', async () => {
    const { id, detail } = await liveProduct('Rejected mug');
    await put(s.vendor1, { ...detail, title: 'Rejected mug, CHEAP!!!' });
    expect((await decide(s.admin, id, 'reject', 'No shouting in titles')).statusCode).toBe(200);
    expect((await row(id)).title).toBe('Rejected mug');
    const mail = (await t.mailsTo(DEMO_ACCOUNTS.vendor1))[0];
    expect(mail.subject).toBe('Rejected mug needs changes');
    expect(mail.html).toContain('No shouting in titles');
    const { pending, rejected } = await revisionOf(s.vendor1, id);
    expect(pending).toBeNull();
    expect(rejected).toMatchObject({ status: 'rejected', note: 'No shouting in titles', proposed: { title: 'Rejected mug, CHEAP!!!' } });
  });

  it('the vendor withdraws its pending revision; nothing goes live', async () => {
    const { id, detail } = await liveProduct('Withdrawn mug');
    await put(s.vendor1, { ...detail, title: 'Withdrawn mug, renamed' });
    expect((await decide(s.vendor2, id, 'withdraw')).statusCode).toBe(404);
    expect((await decide(s.vendor1, id, 'withdraw')).json()).toEqual({ productId: id, status: 'withdrawn' });
    expect((await row(id)).title).toBe('Withdrawn mug');
    expect((await revisionOf(s.vendor1, id)).pending).toBeNull();
    expect((await decide(s.vendor1, id, 'withdraw')).statusCode).toBe(409);
  });
});

describe("the store's review rules (settings.productReview)", () => {
  it('a price within the allowed share and fields the store does not review go live at once; beyond it waits', async () => {
    await patchStoreSettings(t.db, 'demo', { productReview: { fields: ['bodyHtml', 'media'], priceChangePercent: 10 } });
    try {
      const { id, detail } = await liveProduct('Ruled mug');
      await put(s.vendor1, { ...detail, title: 'Ruled mug, renamed', variants: [{ ...detail.variants[0], price: '21.50' }] });
      expect(await row(id)).toMatchObject({ title: 'Ruled mug, renamed', priceMin: 2150 });
      expect((await revisionOf(s.vendor1, id)).pending).toBeNull();

      const now = await get(s.vendor1, id);
      await put(s.vendor1, { ...now, variants: [{ ...now.variants[0], price: '30.00', stock: 1 }] });
      expect(await row(id)).toMatchObject({ priceMin: 2150, totalStock: 1 });
      expect((await revisionOf(s.vendor1, id)).pending.proposed.variants[0].price).toBe('30.00');
    } finally {
      await patchStoreSettings(t.db, 'demo', {
        productReview: { fields: ['title', 'bodyHtml', 'media', 'options', 'metafields', 'seo'], priceChangePercent: null },
      });
    }
  });

  it('an auto-approved vendor and an admin edit live products directly', async () => {
    const { id, detail } = await liveProduct('Admin mug');
    expect((await put(s.admin, { ...detail, title: 'Admin mug, renamed' })).statusCode).toBe(200);
    expect((await row(id)).title).toBe('Admin mug, renamed');
    expect((await revisionOf(s.admin, id)).pending).toBeNull();
  });
});
