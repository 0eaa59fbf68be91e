import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { orderAndPayout } from './documents-test-kit.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session };

beforeAll(async () => {
  // A bare machine: no Chromium.
  t = await createTestApp({ env: { CHROMIUM_PATH: '' } });
  s = await demoSessions(t);
  expect(
    (
      await caller(t, s.admin)('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
});
afterAll(() => t.close());

describe('documents without Chromium', () => {
  it('open as a page to print, with a Print button whose script alone may run, and nothing to fetch', async () => {
    expect((await caller(t, s.vendor1)('GET', '/api/documents')).json().format).toBe('html');
    const { name, vendorOrderId, payoutId } = await orderAndPayout(t, s.admin, {
      title: 'Blue mug',
      sku: 'MUG-1',
      price: '20.00',
      quantity: 1,
      address: { name: 'A', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' },
    });
    const res = await caller(t, s.vendor1)('GET', `/api/orders/${vendorOrderId}/documents/invoice`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="invoice-\d+\.html"$/);
    const page = res.body;
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('<button type="button" id="print-document">Print</button>');
    expect(page).toContain('@media print{.print-bar{display:none}}');
    // A buyer in the Netherlands gets a Dutch invoice
    expect(page).toContain('<html lang="nl">');
    expect(page).toContain(`Factuur ${name.slice(1)}`);
    const script = /<script>([^<]*)<\/script>/.exec(page)![1];
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const policy = res.headers['content-security-policy'] as string;
    expect(policy).toContain(`script-src ${hash};`);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('img-src data:;');
    const commission = await caller(t, s.vendor1)('GET', `/api/payouts/${payoutId}/invoice`);
    expect([commission.headers['content-type'], commission.headers['content-disposition']]).toEqual([
      'text/html; charset=utf-8',
      expect.stringMatching(/^inline; filename="commission-invoice-P-\w+\.html"$/),
    ]);
    // The app's own pages allow the same script, for the page opened from the app as a blob: URL.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']).toContain(hash);
  });
});
