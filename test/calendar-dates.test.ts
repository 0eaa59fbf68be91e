import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from './support/test-app.ts';
import { snapshotStore } from './support/store-snapshot.ts';

/** A day the calendar does not have is a 400 with a clear message wherever a date is taken, never a 500 or a rolled-over day. */
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let vendor: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  [admin, vendor] = await Promise.all([t.login(DEMO_ACCOUNTS.admin), t.login(DEMO_ACCOUNTS.vendor1)]);
});
afterAll(() => t.close());

const NO_SUCH_DAY = 'This day does not exist in the calendar';

describe('impossible calendar days', () => {
  it.each([
    ['the dashboard', '/api/dashboard?from=2026-02-30&to=2026-03-05', 'from'],
    ['the dashboard', '/api/dashboard?from=2026-02-01&to=2026-04-31', 'to'],
    ['the transactions', '/api/transactions?from=2026-02-30', 'from'],
    ['the orders', '/api/orders?to=2026-13-01', 'to'],
  ])('%s refuses %s with 400', async (_, url, path) => {
    const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ path, message: NO_SUCH_DAY }]);
  });

  it('a manual payment dated 2026-02-30 is refused, nothing is paid', async () => {
    const before = await snapshotStore(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/v3/pay',
      headers: admin.headers,
      payload: { payoutLines: [{ orderName: '#1001', vendor: 'Vendor One' }], manual: { paidAt: '2026-02-30', details: 'Bank transfer' } },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'manual.paidAt', message: NO_SUCH_DAY });
    expect(await snapshotStore(t.db)).toEqual(before);
  });

  it('a discount from 2026-02-30 and a holiday to 2027-02-29 are refused', async () => {
    const discount = {
      method: 'code',
      code: 'LEAP',
      name: 'Leap',
      value: { type: 'percentage', fixed: '0', percentage: 5 },
      active: { from: '2026-02-30', withEndDate: false, until: null },
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/discounts', headers: admin.headers, payload: discount });
    expect(res.json().errors).toEqual([{ path: 'active.from', message: NO_SUCH_DAY }]);
    const holidays = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/holidays',
      headers: vendor.headers,
      payload: { enabled: true, from: '2027-02-20', to: '2027-02-29', message: 'Away' },
    });
    expect(holidays.statusCode).toBe(400);
    expect(holidays.json().errors).toEqual([{ path: 'to', message: NO_SUCH_DAY }]);
  });
});
