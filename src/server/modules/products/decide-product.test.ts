import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { productLogs, products, productVariants, vendors } from '#server/db/schema/index';
import { patchStoreSettings } from '../settings/store-settings.ts';
import { patchVendorSettings } from '../settings/vendor-settings.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { productInput, saveProduct } from '../../../../test/support/products.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let vendorOne: string;
beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  vendorOne = (await t.db.select().from(vendors).where(eq(vendors.name, 'Vendor One')))[0].id;
});
afterAll(() => t.close());

const act = (session: Session, id: string, action: string, note?: string) =>
  caller(t, session)('PATCH', `/api/product-v2/${id}/${action}`, note === undefined ? {} : { note });
const rowOf = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];

describe('PATCH /api/product-v2/{productId}/{action} by an admin', () => {
  it('approve: approved with who and when, logged with the note, product-approved mailed to the vendor with the note', async () => {
    const id = await saveProduct(t, s.vendor1, productInput({ title: 'Approve me' }));
    const res = await act(s.admin, id, 'approve', 'Looks great');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ productId: id, approved: true, deleted: false });
    const row = await rowOf(id);
    expect(row).toMatchObject({ approved: true, approvalNote: 'Looks great' });
    expect(row.approvedAt).not.toBeNull();
    const [mail] = await t.mailsTo(DEMO_ACCOUNTS.vendor1);
    expect(mail.template).toBe('product-approved');
    expect(mail.subject).toBe('Approve me is approved');
    expect(mail.html).toContain('Looks great');
    const logs = (await caller(t, s.admin)('GET', `/api/logs/product/${id}`)).json().logs;
    expect(logs[0]).toMatchObject({
      action: 'approve',
      email: DEMO_ACCOUNTS.admin,
      note: 'Looks great',
      changes: { approved: { before: false, after: true } },
    });
    expect(logs.map((l: { action: string }) => l.action)).toEqual(['approve', 'create']);
  });

  it('unapprove: product-unapproved with the note; doing it twice changes nothing and mails once', async () => {
    const id = await saveProduct(t, s.vendor1, productInput({ title: 'Unapprove me' }));
    await act(s.admin, id, 'approve');
    const mailsBefore = (await t.mailsTo(DEMO_ACCOUNTS.vendor1)).length;
    expect((await act(s.admin, id, 'unapprove', 'Please add a photo')).json()).toEqual({ productId: id, approved: false, deleted: false });
    expect((await act(s.admin, id, 'unapprove', 'Again')).statusCode).toBe(200);
    const mails = await t.mailsTo(DEMO_ACCOUNTS.vendor1);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails[0]).toMatchObject({ template: 'product-unapproved', subject: 'Unapprove me needs changes' });
    expect(mails[0].html).toContain('Please add a photo');
    expect((await rowOf(id)).approvalNote).toBe('Please add a photo');
  });

  it('delete: the product and its variants are gone, the log stays readable', async () => {
    const id = await saveProduct(t, s.vendor1, productInput({ title: 'Delete me' }));
    expect((await act(s.admin, id, 'delete', 'Duplicate')).json()).toEqual({ productId: id, approved: false, deleted: true });
    expect(await rowOf(id)).toBeUndefined();
    expect(await t.db.select().from(productVariants).where(eq(productVariants.productId, id))).toEqual([]);
    expect((await caller(t, s.admin)('GET', `/api/products-v2/${id}`)).statusCode).toBe(404);
    const logs = (await caller(t, s.admin)('GET', `/api/logs/product/${id}`)).json().logs;
    expect(logs[0]).toMatchObject({
      action: 'delete',
      note: 'Duplicate',
      changes: { product: { before: { title: 'Delete me' }, after: null } },
    });
    expect((await act(s.admin, id, 'delete')).statusCode).toBe(404);
  });

  it('an unknown action is a 400; an unknown product a 404', async () => {
    const id = await saveProduct(t, s.vendor1, productInput({ title: 'Some mug' }));
    expect((await act(s.admin, id, 'publish')).statusCode).toBe(400);
    expect((await act(s.admin, '6f1c1b1e-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(404);
    expect((await act(s.admin, 'nope', 'approve')).statusCode).toBe(404);
  });
});

describe('vendor self-actions', () => {
  it('without autoApprove a vendor may not approve, unapprove or delete its own product (403, nothing changes)', async () => {
    const id = await saveProduct(t, s.vendor1, productInput({ title: 'My mug' }));
    const approve = await act(s.vendor1, id, 'approve');
    expect(approve.statusCode).toBe(403);
    expect(approve.json().message).toBe('Products are approved by the marketplace');
    const del = await act(s.vendor1, id, 'delete');
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('Only the marketplace can delete a product');
    expect(await rowOf(id)).toMatchObject({ approved: false });
    expect((await t.db.select().from(productLogs).where(eq(productLogs.productId, id))).map((l) => l.action)).toEqual(['create']);
  });

  it("with autoApprove (the vendor's, else the store default) a vendor approves and unapproves its own products, without mails", async () => {
    const id = await saveProduct(t, s.vendor1, productInput({ title: 'Self mug' }));
    await patchStoreSettings(t.db, 'demo', { autoApprove: { enabledDefault: true } });
    try {
      const mailsBefore = (await t.mailsTo(DEMO_ACCOUNTS.vendor1)).length;
      expect((await act(s.vendor1, id, 'approve')).json()).toMatchObject({ approved: true });
      expect((await act(s.vendor1, id, 'unapprove')).json()).toMatchObject({ approved: false });
      expect((await t.mailsTo(DEMO_ACCOUNTS.vendor1)).length).toBe(mailsBefore);
      // The vendor's own setting wins over the store default.
      await patchVendorSettings(t.db, 'demo', vendorOne, { autoApprove: false });
      expect((await act(s.vendor1, id, 'approve')).statusCode).toBe(403);
      expect((await act(s.vendor1, id, 'delete')).statusCode).toBe(403);
    } finally {
      await patchStoreSettings(t.db, 'demo', { autoApprove: { enabledDefault: false } });
      await patchVendorSettings(t.db, 'demo', vendorOne, { autoApprove: null });
    }
  });
});
