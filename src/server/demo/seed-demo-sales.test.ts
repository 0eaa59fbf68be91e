import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../test/support/test-app.ts';
import { dayIn } from '#shared/days';
import { seedDemoSales } from './seed-demo-sales.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoSales(t.ctx);
});
afterAll(() => t.close());

describe('the demo sales', () => {
  it('gives the demo marketplace products for sale, months of orders (the older ones shipped), a refund and a manual payout, for the dashboard and the finance screen', async () => {
    const admin = await t.login(DEMO_ACCOUNTS.admin);
    const get = async (url: string, headers: Record<string, string> = admin.headers) =>
      (await t.app.inject({ method: 'GET', url, headers })).json();
    const list = await get('/api/orders');
    expect(list.counts.count).toBeGreaterThan(40);
    expect(list.counts.payoutPaid).toBeGreaterThan(0);
    expect(list.orders.slice(0, 2).every((o: { fulfillment: string }) => o.fulfillment === 'unfulfilled')).toBe(true);
    expect(list.orders.every((o: { paymentStatus: string }) => o.paymentStatus === 'paid')).toBe(true);
    // Orders payable now, orders still held (shipped within the holding days), and paid ones.
    expect((await get('/api/payment/payable')).orders.length).toBeGreaterThan(0);
    expect(
      list.orders.some((o: { expectedPayoutAt: string | null }) => o.expectedPayoutAt && Date.parse(o.expectedPayoutAt) > Date.now()),
    ).toBe(true);
    const vendor = await t.login(DEMO_ACCOUNTS.vendor1);
    const own = await get('/api/orders', vendor.headers);
    expect(own.orders.every((o: { vendor: string }) => o.vendor === 'Vendor One')).toBe(true);
    // The finance screen: the ledger with a refund and a manual payment, and what the vendor is still owed.
    const finance = await get('/api/transactions?period=all', vendor.headers);
    expect(finance.aggs).toEqual([expect.objectContaining({ currency: 'USD' })]);
    expect(Number(finance.aggs[0].balance)).toBeGreaterThan(0);
    expect(Number(finance.aggs[0].payouts)).toBeLessThan(0);
    const [figures] = (await get('/api/payouts/summary', vendor.headers)).figures;
    expect(figures).toMatchObject({ vendor: 'Vendor One', currency: 'USD', pendingUntil: expect.any(String) });
    for (const figure of [figures.available, figures.pending, figures.paid]) expect(Number(figure)).toBeGreaterThan(0);
    expect((await get('/api/transactions?period=all&payment=refund')).count).toBeGreaterThan(0);
    // The dashboard's last 90 days: sales on many days, commission, a refund, a payout, both vendors.
    const dashboard = await get(
      `/api/dashboard?from=${dayIn('UTC', new Date(Date.now() - 89 * 86_400_000))}&to=${dayIn('UTC', new Date())}`,
    );
    const [usd] = dashboard.transactions;
    expect(usd.days.filter((d: { sales: string }) => Number(d.sales) > 0).length).toBeGreaterThan(20);
    expect(Number(usd.totals.commission)).toBeGreaterThan(0);
    expect(Number(usd.totals.refunds)).toBeGreaterThan(0);
    expect(Number(usd.totals.payouts)).toBeGreaterThan(0);
    expect(usd.topVendors.map((v: { vendor: string }) => v.vendor).sort()).toEqual(['Vendor One', 'Vendor Two']);
    const catalog = await get('/api/public/catalog?store=demo', {});
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

    // Offers are on: a pending and a rejected one on Vendor One's products, a countered and an accepted one on Vendor Two's.
    const offersOf = async (headers: Record<string, string>) =>
      (await get('/api/offers', headers)).offers
        .map((o: { product: { title: string }; status: string }) => `${o.product.title}: ${o.status}`)
        .sort();
    expect(await offersOf(vendor1.headers)).toEqual(['Linen tea towel: rejected', 'Stoneware mug: pending']);
    expect(await offersOf((await t.login(DEMO_ACCOUNTS.vendor2)).headers)).toEqual([
      'Brass desk lamp: countered',
      'Walnut serving board: accepted',
    ]);
    // Discounts: the marketplace's code, used once at the built-in checkout, and Vendor One's own.
    const discounts = (await get('/api/discounts')).discounts as { code: string; usageCount: number; status: string }[];
    expect(discounts.map((d) => [d.code, d.status, d.usageCount])).toEqual([
      ['', 'expired', 0],
      ['', 'active', 0],
      ['MUGS3', 'active', 0],
      ['WELCOME10', 'active', 1],
    ]);
    expect((await get('/api/discounts', vendor1.headers)).discounts.map((d: { code: string }) => d.code)).toEqual(['MUGS3']);
  });

  it('has an application waiting on the Applications screen, since a demo without SMTP never confirms one', async () => {
    const admin = await t.login(DEMO_ACCOUNTS.admin);
    const answer = (await t.app.inject({ method: 'GET', url: '/api/vendors', headers: admin.headers })).json();
    expect(answer.applications).toEqual([
      expect.objectContaining({
        vendorName: 'Atelier Nord',
        status: 'pending',
        fields: expect.arrayContaining([expect.objectContaining({ key: 'company' })]),
      }),
    ]);
  });
});
