import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../test/support/test-app.ts';
import { seedDemoSales } from './seed-demo-sales.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoSales(t.ctx);
});
afterAll(() => t.close());

describe('the demo sales', () => {
  it('gives the demo marketplace products for sale and orders to look at, one of them shipped', async () => {
    const admin = await t.login(DEMO_ACCOUNTS.admin);
    const list = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: admin.headers })).json();
    // Five orders, split into one part per vendor: eight vendor orders.
    expect(list.counts).toMatchObject({ count: 8, payoutDue: 8 });
    expect(list.orders.filter((o: { fulfillment: string }) => o.fulfillment === 'fulfilled')).toHaveLength(2);
    const vendor = await t.login(DEMO_ACCOUNTS.vendor1);
    const own = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: vendor.headers })).json();
    expect(own.orders.every((o: { vendor: string }) => o.vendor === 'Vendor One')).toBe(true);
    // The finance screen has the orders' ledger: the vendor's sales of all time, and what it is owed.
    const finance = (await t.app.inject({ method: 'GET', url: '/api/transactions?period=all', headers: vendor.headers })).json();
    expect(finance.count).toBeGreaterThan(0);
    expect(finance.aggs).toEqual([expect.objectContaining({ currency: 'USD' })]);
    expect(Number(finance.aggs[0].balance)).toBeGreaterThan(0);
    const catalog = (await t.app.inject({ method: 'GET', url: '/api/public/catalog?store=demo' })).json();
    expect(catalog.products).toHaveLength(4);

    // Conversations are on, with a few in each vendor's inbox.
    const vendor1 = await t.login(DEMO_ACCOUNTS.vendor1);
    const inbox = (await t.app.inject({ method: 'GET', url: '/api/conversations', headers: vendor1.headers })).json();
    expect(inbox.conversations.map((c: { with: string; unreadCount: number }) => [c.with, c.unreadCount])).toEqual([
      ['Sam Peeters', 0],
      ['Alex Jansen', 1],
    ]);
    const status = (await t.app.inject({ method: 'GET', url: '/api/app/status', headers: vendor1.headers })).json();
    expect(status.missedMessages).toBe(1);
  });
});
