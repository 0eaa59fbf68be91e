import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, AuditRecord } from '#shared/schemas/audit';
import { runAsActor } from '#server/db/audit-actor';
import { products, productVariants, users } from '#server/db/schema/index';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { checkoutOne, markPaid } from '../../../../test/support/orders.ts';
import { rowsOf } from '../products/list-products.ts';
import { applyAuditRetention } from './apply-audit-retention.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
});
afterAll(() => t.close());

const history = async (session: Session, query = '') => {
  const res = await caller(t, session)('GET', `/api/audit/records${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditPage;
};
const recordsOf = async (session: Session, entityId: string) => (await history(session, `?entityId=${entityId}`)).records;

describe('every write is recorded with who made it', () => {
  it("an admin's new product and its price change are recorded as the admin's, with the fields before and after", async () => {
    const productId = await saveProduct(t, s.admin, {
      title: 'Audit mug',
      vendor: 'Vendor One',
      variants: [{ price: '12.00', sku: 'AUD-1', stock: 5 }],
    });
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, productId));
    await saveProduct(t, s.admin, {
      id: productId,
      title: 'Audit mug',
      vendor: 'Vendor One',
      variants: [{ id: variant.id, price: '14.00', sku: 'AUD-1', stock: 5 }],
    });
    const created = (await recordsOf(s.admin, productId)).find((r) => r.action === 'insert');
    expect(created).toMatchObject({ area: 'products', entity: 'products', label: 'Audit mug', actor: { kind: 'admin' } });
    expect(created?.actor.name).toBeTruthy();
    expect(created?.changes.title).toEqual({ from: null, to: 'Audit mug' });
    expect(created?.requestId).toBeTruthy();
    expect(created?.source).toBe('PUT /api/products-v2');
    const priced = (await recordsOf(s.admin, variant.id)).find((r) => r.action === 'update');
    expect(priced?.changes.price).toEqual({
      money: true,
      from: { amount: '12.00', currency: 'USD' },
      to: { amount: '14.00', currency: 'USD' },
    });
    expect(priced?.label).toBe('AUD-1');
    // The product's history holds its variants' changes too.
    const productHistory = await history(s.admin, `?entity=products&entityId=${productId}`);
    expect(productHistory.records.map((r) => r.id)).toContain(priced?.id);
  });

  it("amounts read in the row's currency, recorded with the change", async () => {
    const productId = await saveProduct(t, s.admin, {
      title: 'Yen mug',
      vendor: 'Vendor One',
      variants: [{ price: '15.00', sku: 'YEN-1', stock: 5 }],
    });
    // 1500 minor units: read in yen once the product is in yen.
    await t.db.execute(sql`UPDATE products SET currency = 'JPY' WHERE id = ${productId}`);
    await t.db.execute(sql`UPDATE product_variants SET price = 1800 WHERE product_id = ${productId}`);
    const [priced] = (await history(s.admin, `?entity=products&entityId=${productId}`)).records.filter((r) => r.changes.price);
    expect(priced.changes.price).toEqual({
      money: true,
      from: { amount: '1500', currency: 'JPY' },
      to: { amount: '1800', currency: 'JPY' },
    });
  });

  it('a vendor sees the records of its own data only; the admin sees the whole store', async () => {
    const own = await saveProduct(t, s.vendor1, { title: 'Vendor one lamp', variants: [{ price: '5.00', sku: 'V1-LAMP', stock: 5 }] });
    const foreign = await saveProduct(t, s.vendor2, { title: 'Vendor two lamp', variants: [{ price: '5.00', sku: 'V2-LAMP', stock: 5 }] });
    expect((await recordsOf(s.vendor1, own)).map((r) => r.actor.kind)).toContain('vendor');
    expect(await recordsOf(s.vendor1, foreign)).toEqual([]);
    const all = (await history(s.vendor1, '?limit=200')).records;
    expect(all.some((r) => r.label === 'Vendor two lamp')).toBe(false);
    expect((await recordsOf(s.admin, foreign)).length).toBeGreaterThan(0);
    // A product's history (with its variants) is the vendor's own only.
    expect((await history(s.vendor1, `?entity=products&entityId=${own}`)).records.length).toBeGreaterThan(1);
    expect((await history(s.vendor1, `?entity=products&entityId=${foreign}`)).records).toEqual([]);
    // The store's settings are the admin's: a vendor reads none of their changes.
    expect((await history(s.vendor1, '?entity=stores&entityId=demo')).records).toEqual([]);
  });

  it('the filters narrow the list and the cursor walks it without gaps or repeats', async () => {
    const found = await history(s.admin, '?q=lamp&area=products');
    expect(found.records.length).toBeGreaterThan(0);
    expect(found.records.every((r) => r.area === 'products' && /lamp/i.test(`${r.label} ${r.actor.name}`))).toBe(true);
    const seen: AuditRecord[] = [];
    let next: string | null = '';
    while (next !== null) {
      const page: AuditPage = await history(s.admin, `?limit=3${next ? `&after=${next}` : ''}`);
      seen.push(...page.records);
      next = page.next;
    }
    const whole = await history(s.admin, '?limit=200');
    expect(seen.map((r) => r.id)).toEqual(whole.records.map((r) => r.id));
    expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
    expect((await caller(t, s.admin)('GET', '/api/audit/records?after=nonsense')).statusCode).toBe(400);
  });

  it("a public checkout is the public's; marking it paid is the admin's and links the ledger entries it wrote", async () => {
    const productId = await saveProduct(t, s.admin, {
      title: 'Paid mug',
      vendor: 'Vendor One',
      status: 'ACTIVE',
      variants: [{ price: '20.00', stock: 10, sku: 'PAID-1' }],
    });
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, productId));
    const zone = await caller(t, s.admin)('POST', '/api/settings/delivery/zone', {
      zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
    });
    expect(zone.statusCode, zone.body).toBe(201);
    const order = await checkoutOne(t, variant.id);
    const placed = (await recordsOf(s.admin, order.orderId)).find((r) => r.entity === 'orders' && r.action === 'insert');
    expect(placed?.actor.kind).toBe('public');
    await markPaid(t, s.admin, order.orderId);
    const ledger = (await history(s.admin, '?area=finance&limit=200')).records.filter(
      (r) => r.entity === 'ledger_entries' && r.entityId === order.orderId,
    );
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger[0].actor.kind).toBe('admin');
    const paid = (await recordsOf(s.admin, order.orderId)).find((r) => r.entity === 'orders' && r.changes.payment_status !== undefined);
    expect(paid?.actor.kind).toBe('admin');
    expect(paid?.ledgerEntryIds.length).toBeGreaterThan(0);
  });

  it('secrets are recorded only as "changed"', async () => {
    const [vendor] = await t.db.select().from(users).where(eq(users.email, 'vendor1@demo.test'));
    await runAsActor({ kind: 'admin', name: 'Secret keeper' }, () =>
      t.db.update(users).set({ passwordHash: 'new-hash-value' }).where(eq(users.id, vendor.id)),
    );
    const [record] = (await history(s.admin, `?entityId=${vendor.id}&q=Secret`)).records;
    expect(record.changes).toEqual({ password_hash: 'changed' });
    expect(JSON.stringify(record)).not.toContain('new-hash-value');
  });
});

describe('the log is append-only and written in the transaction of the change', () => {
  const count = async () => rowsOf<{ n: number }>(await t.db.execute(sql`SELECT count(*)::int AS n FROM audit_log`))[0].n;

  it('refuses updates and deletes of records', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => 'done',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(sql`UPDATE audit_log SET actor_name = 'someone else'`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/append-only/);
  });

  it('concurrent writes, some rolled back: every committed change has its record and no rolled-back one has any', async () => {
    const productId = await saveProduct(t, s.admin, {
      title: 'Race 0',
      vendor: 'Vendor One',
      variants: [{ price: '1.00', sku: 'RACE', stock: 5 }],
    });
    const before = await count();
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        runAsActor({ kind: 'admin', name: `Writer ${i}` }, () =>
          t.db
            .transaction(async (tx) => {
              await tx
                .update(products)
                .set({ title: `Race ${i + 1}` })
                .where(eq(products.id, productId));
              if (i % 3 === 0) throw new Error('rolled back');
            })
            .then(
              () => i,
              () => null,
            ),
        ),
      ),
    );
    const committed = outcomes.filter((i) => i !== null);
    const records = (await history(s.admin, `?entityId=${productId}&limit=200`)).records.filter((r) => r.action === 'update');
    expect(await count()).toBe(before + committed.length);
    expect(records.map((r) => r.actor.name).sort()).toEqual(committed.map((i) => `Writer ${i}`).sort());
    for (const record of records)
      expect(record.changes.title).toMatchObject({ to: `Race ${Number(record.actor.name?.split(' ')[1]) + 1}` });
  });

  it('a write outside any transaction carries its actor too, and one changing nothing is not recorded', async () => {
    const [product] = await t.db.select().from(products).where(eq(products.title, 'Vendor one lamp'));
    await runAsActor({ kind: 'job', source: 'test-job' }, () =>
      t.db.update(products).set({ title: 'Lamp, renamed' }).where(eq(products.id, product.id)),
    );
    const before = await count();
    await runAsActor({ kind: 'job', source: 'test-job' }, () =>
      t.db.update(products).set({ title: 'Lamp, renamed' }).where(eq(products.id, product.id)),
    );
    expect(await count()).toBe(before);
    const [renamed] = (await recordsOf(s.admin, product.id)).filter((r) => r.action === 'update');
    expect(renamed).toMatchObject({
      actor: { kind: 'job' },
      source: 'test-job',
      changes: { title: { from: 'Vendor one lamp', to: 'Lamp, renamed' } },
    });
  });
});

describe('retention and export', () => {
  it('drops whole months older than the longest retention and makes the coming months', async () => {
    await t.db.execute(sql`SELECT audit_log_add_partitions('2020-01-01', 1)`);
    await t.db.execute(sql`INSERT INTO audit_log (store_id, created_at, xact_id, actor_kind, area, entity, entity_id, action, changes)
      VALUES ('demo', '2020-01-15', 1, 'system', 'products', 'products', 'old', 'update', '{}')`);
    const { dropped } = await applyAuditRetention(t.ctx);
    expect(dropped).toContain('audit_log_2020_01');
    const left = rowsOf<{ n: number }>(await t.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_id = 'old'`));
    expect(left[0].n).toBe(0);
    const ahead = new Date();
    ahead.setUTCMonth(ahead.getUTCMonth() + 3, 1);
    const name = `audit_log_${ahead.getUTCFullYear()}_${String(ahead.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(rowsOf(await t.db.execute(sql`SELECT 1 FROM pg_class WHERE relname = ${name}`))).toHaveLength(1);
  });

  it('exports the filtered history as CSV', async () => {
    const started = await caller(t, s.admin)('POST', '/api/audit/export?q=Audit%20mug');
    expect(started.statusCode, started.body).toBe(202);
    await t.ctx.jobs.drain();
    const file = await caller(t, s.admin)('GET', `/api/audit/exports/${started.json().exportId}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.body.split('\r\n')[0]).toBe('\ufeffTime,Who,Role,Acting as vendor,Area,Object,Object id,Name,Action,Changes,Request');
    expect(file.body).toContain('Audit mug');
    expect(file.body).not.toContain('Vendor two lamp');
  });
});
