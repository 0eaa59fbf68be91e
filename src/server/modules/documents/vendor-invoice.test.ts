import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { documentText } from '../../../../test/support/document-text.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { orderAndPayout } from './documents-test-kit.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };

beforeAll(async () => {
  t = await createTestApp();
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

describe('the commission invoice of a payout', () => {
  it('renders doc-vendor-invoice as a PDF (HTML to print without Chromium) for the payout’s vendor and admins only', async () => {
    const { name, payoutId } = await orderAndPayout(t, s.admin, {
      title: 'Blue mug',
      sku: 'MUG-1',
      price: '20.00',
      quantity: 2,
      address: { name: 'A', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' },
    });
    const url = `/api/payouts/${payoutId}/invoice`;

    const res = await caller(t, s.vendor1)('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(t.ctx.pdf.available ? 'application/pdf' : 'text/html; charset=utf-8');
    const text = documentText(res);
    for (const words of [
      `Commission invoice P-${payoutId.slice(0, 8).toUpperCase()}`,
      // A vendor without an address gets its documents in English, with the day written out as English writes it
      'Date: November 20, 2026',
      name,
      '$40.00',
      'Commission $4.00',
      'Paid to Vendor One $36.00',
      'Demo Marketplace',
    ]) {
      expect(text).toContain(words);
    }
    expect((await caller(t, s.admin)('GET', url)).statusCode).toBe(200);
    expect((await caller(t, s.vendor2)('GET', url)).statusCode).toBe(404);
    expect((await caller(t, s.vendor1)('GET', `/api/payouts/${randomUUID()}/invoice`)).statusCode).toBe(404);
  });
});
