import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { jobs, orderLines, productVariants, vendorOrders } from '#server/db/schema/index';
import { caller, demoSessions } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { ORDER_REMINDER_JOB } from './order-reminders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const reminderJobs = () => t.db.select().from(jobs).where(eq(jobs.type, ORDER_REMINDER_JOB.type));
const makeDue = (template: string) =>
  t.db.execute(
    sql`update jobs set run_at = now() - interval '1 second' where type = ${ORDER_REMINDER_JOB.type} and payload->>'template' = ${template}`,
  );
const remindersTo = async (email: string) =>
  (await t.mailsTo(email)).filter((m) => m.template.startsWith('order-reminder')).map((m) => m.template);

describe('unfulfilled-order reminders', () => {
  it('are queued with the order at delayInHours, sent while the order waits, and not once it is shipped', async () => {
    const s = await demoSessions(t);
    const { integration: _i, ...settings } = (await caller(t, s.admin)('GET', '/api/notifications/settings')).json();
    const saved = await caller(t, s.admin)('PUT', '/api/notifications/settings', {
      ...settings,
      templates: {
        ...settings.templates,
        'order-reminder-2': { enabled: true, delayInHours: 30 },
        'order-reminder-3': { enabled: false, delayInHours: 72 },
      },
    });
    expect(saved.statusCode).toBe(200);
    await caller(t, s.admin)('POST', '/api/settings/delivery/zone', {
      zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
    });
    const productId = await saveProduct(t, s.admin, {
      title: 'Blue mug',
      vendor: 'Vendor One',
      status: 'ACTIVE',
      variants: [{ price: '20.00', stock: 5, sku: 'MUG-1' }],
    });
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, productId));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      payload: {
        store: 'demo',
        checkoutId: randomUUID(),
        email: 'alex@buyer.example',
        address: { name: 'Alex', street1: '1 Dam', city: 'Amsterdam', country: 'NL' },
        lines: [{ variantId: variant.id, quantity: 1 }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);

    const queued = await reminderJobs();
    expect(queued.map((j) => j.payload.template).sort()).toEqual(['order-reminder-1', 'order-reminder-2']);
    const [part] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, res.json().orderId));
    const hoursAfter = (template: string) =>
      (queued.find((j) => j.payload.template === template)!.runAt.getTime() - part.placedAt.getTime()) / 3_600_000;
    expect([hoursAfter('order-reminder-1'), hoursAfter('order-reminder-2')]).toEqual([24, 30]);

    await makeDue('order-reminder-1');
    expect(await remindersTo(DEMO_ACCOUNTS.vendor1)).toEqual(['order-reminder-1']);

    const [line] = await t.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.vendorOrderId, part.id)));
    expect(
      (await caller(t, s.vendor1)('POST', `/api/orders/${part.id}/fulfill`, { lineItems: [{ id: line.id, quantity: 1 }] })).statusCode,
    ).toBe(200);
    await makeDue('order-reminder-2');
    expect(await remindersTo(DEMO_ACCOUNTS.vendor1)).toEqual(['order-reminder-1']);
  });

  it('send one reminder to a person when several fall due together, the latest, however often they run', async () => {
    const s = await demoSessions(t);
    const { integration: _i, ...settings } = (await caller(t, s.admin)('GET', '/api/notifications/settings')).json();
    const all = {
      'order-reminder-1': { enabled: true, delayInHours: 24 },
      'order-reminder-2': { enabled: true, delayInHours: 48 },
      'order-reminder-3': { enabled: true, delayInHours: 72 },
    };
    expect(
      (await caller(t, s.admin)('PUT', '/api/notifications/settings', { ...settings, templates: { ...settings.templates, ...all } }))
        .statusCode,
    ).toBe(200);
    const orderFor = async (email: string) => {
      const productId = await saveProduct(t, s.admin, {
        title: `Mug for ${email}`,
        vendor: 'Vendor Two',
        status: 'ACTIVE',
        variants: [{ price: '20.00', stock: 5, sku: `MUG-${email}` }],
      });
      const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, productId));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/storefront/checkout',
        payload: {
          store: 'demo',
          checkoutId: randomUUID(),
          email,
          address: { name: 'Alex', street1: '1 Dam', city: 'Amsterdam', country: 'NL' },
          lines: [{ variantId: variant.id, quantity: 1 }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [part] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, res.json().orderId));
      return part.id;
    };
    const dueNow = (vendorOrderId: string, templates: string[]) =>
      t.db.execute(
        sql`update jobs set run_at = now() - interval '1 second' where type = ${ORDER_REMINDER_JOB.type} and payload->>'vendorOrderId' = ${vendorOrderId} and payload->>'template' in ${templates}`,
      );
    const placedHoursAgo = (vendorOrderId: string, hours: number) =>
      t.db.execute(sql`update vendor_orders set placed_at = now() - make_interval(hours => ${hours}) where id = ${vendorOrderId}`);
    const reminders = async () => (await remindersTo(DEMO_ACCOUNTS.vendor2)).sort();

    // The server was down for four days: all three are due in the same minute; only the third goes.
    const late = await orderFor('late@buyer.example');
    await placedHoursAgo(late, 4 * 24);
    await dueNow(late, ['order-reminder-1', 'order-reminder-2', 'order-reminder-3']);
    expect(await reminders()).toEqual(['order-reminder-3']);

    // The second falls due minutes after the first (its job ran early): the window holds it back.
    const soon = await orderFor('soon@buyer.example');
    await placedHoursAgo(soon, 25);
    await dueNow(soon, ['order-reminder-1']);
    expect(await reminders()).toEqual(['order-reminder-1', 'order-reminder-3']);
    await dueNow(soon, ['order-reminder-2']);
    expect(await reminders()).toEqual(['order-reminder-1', 'order-reminder-3']);
  });
});
