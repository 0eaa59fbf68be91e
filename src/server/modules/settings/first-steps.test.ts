import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stepsOf = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/app/first-steps', headers });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(res.json().steps.map((s: { step: string; done: boolean }) => [s.step, s.done]));
};

describe('GET /api/app/first-steps', () => {
  it("ticks each step from the store's real state, as the admin completes it", async () => {
    const admin = await t.login(DEMO_ACCOUNTS.admin);
    // The demo has a registration form, manual payment methods and two vendors; no zone, no chosen currency, no SMTP.
    expect(await stepsOf(admin.headers)).toEqual({
      currency: false,
      delivery: false,
      payments: true,
      mail: false,
      registration: true,
      vendor: true,
    });
    const zone = await t.app.inject({
      method: 'POST',
      url: '/api/settings/delivery/zone',
      headers: admin.headers,
      payload: { zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '4.95' }], countries: [{ code: 'NL' }] } },
    });
    expect(zone.statusCode, zone.body).toBe(201);
    expect((await stepsOf(admin.headers)).delivery).toBe(true);
  });

  it('is for admins only', async () => {
    const vendor = await t.login(DEMO_ACCOUNTS.vendor1);
    expect((await t.app.inject({ method: 'GET', url: '/api/app/first-steps', headers: vendor.headers })).statusCode).toBe(403);
  });
});
