import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { startFakeGoogleSheets, type FakeGoogleSheets } from '../../../../test/fakes/fake-google-sheets.ts';
import { productVariants, sheetLinks, stores, users } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { seedBulkOrders } from '../orders/seed-bulk-orders.ts';
import { SHEET_TUNING } from './export-to-sheet.ts';

let t: TestApp;
let google: FakeGoogleSheets;
let s: { admin: Session; vendor1: Session; vendor2: Session };
const tuning = { ...SHEET_TUNING };
const BULK = 240;

async function order(variantId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: {
      store: 'demo',
      checkoutId: randomUUID(),
      email: 'a@b.example',
      address: { name: 'Ann Buyer', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' },
      lines: [{ variantId, quantity: 1 }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  google = await startFakeGoogleSheets({ writesPerWindow: 4, windowMs: 1000, retryAfterSeconds: 1 });
  t = await createTestApp({ env: google.env({ GOOGLE_SHEETS_WRITES_PER_MINUTE: '300' }) });
  s = await demoSessions(t);
  const admin = caller(t, s.admin);
  expect((await admin('PATCH', '/api/app/info/features', { features: { features: { integrations: { enabled: true } } } })).statusCode).toBe(
    200,
  );
  expect(
    (
      await admin('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  for (const vendor of ['Vendor One', 'Vendor Two']) {
    const product = await saveProduct(t, s.admin, {
      title: `Mug of ${vendor}`,
      vendor,
      status: 'ACTIVE',
      variants: [{ price: '20.00', stock: 50, sku: `MUG-${vendor}` }],
    });
    await order((await t.db.select().from(productVariants).where(eq(productVariants.productId, product)))[0].id);
  }
  await seedBulkOrders(t.db, 'demo', BULK);
});
afterEach(() => Object.assign(SHEET_TUNING, tuning));
afterAll(async () => {
  await t.close();
  await google.close();
});

/** What the sheet's owner does once: puts the token the app shows in cell A1 of a tab named "verify". */
async function verify(session: Session, sheet: { id: string }) {
  const { verificationToken } = (await caller(t, session)('GET', '/api/integrations/sheets')).json();
  google.setCell(sheet.id, 'verify', 0, 0, verificationToken);
}

/** Triggers the caller's sheet and runs the queue until the run is over; answers the final state. */
async function runSheet(session: Session) {
  const call = caller(t, session);
  const started = await call('POST', '/api/integrations/sheets/trigger');
  expect(started.statusCode, started.body).toBe(200);
  expect(started.json().run).toMatchObject({ status: 'queued', progress: 0 });
  await t.ctx.jobs.drain();
  return (await call('GET', '/api/integrations/sheets')).json();
}

describe('the sheet address', () => {
  it('is checked with the spec message, saved per caller, and removed', async () => {
    const admin = caller(t, s.admin);
    expect((await admin('GET', '/api/integrations/sheets')).json()).toEqual({
      url: null,
      serviceAccount: google.clientEmail,
      verificationToken: null,
      run: null,
    });
    const wrong = await admin('PUT', '/api/integrations/sheets', { url: 'https://example.com/spreadsheets/d/abc' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'url', message: 'Must starts with https://docs.google.com/spreadsheets/d/' }]);
    expect((await admin('PUT', '/api/integrations/sheets', { url: 'https://docs.google.com/spreadsheets/d/' })).json().errors[0].path).toBe(
      'url',
    );
    expect(
      (await admin('PUT', '/api/integrations/sheets', { url: 'https://docs.google.com/spreadsheets/d/abcdefghijkl', extra: 1 })).statusCode,
    ).toBe(400);
    const { url } = google.createSpreadsheet();
    const saved = await admin('PUT', '/api/integrations/sheets', { url });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      url,
      serviceAccount: google.clientEmail,
      verificationToken: expect.stringMatching(/^mp-verify-[0-9a-f]{24}$/),
      run: null,
    });
    // A vendor has a sheet of its own, not the marketplace's.
    expect((await caller(t, s.vendor1)('GET', '/api/integrations/sheets')).json().url).toBeNull();
    expect((await admin('DELETE', '/api/integrations/sheets')).json().url).toBeNull();
    expect(await t.db.select().from(sheetLinks)).toEqual([]);
  });

  it('answers 404 while the store has integrations off', async () => {
    const admin = caller(t, s.admin);
    await admin('PATCH', '/api/app/info/features', { features: { features: { integrations: { enabled: false } } } });
    for (const [method, url] of [
      ['GET', '/api/integrations/sheets'],
      ['PUT', '/api/integrations/sheets'],
      ['POST', '/api/integrations/sheets/trigger'],
      ['GET', '/api/integrations/sheets/download'],
    ] as const) {
      expect((await admin(method, url, method === 'PUT' ? { url: google.createSpreadsheet().url } : undefined)).statusCode, url).toBe(404);
    }
    await admin('PATCH', '/api/app/info/features', { features: { features: { integrations: { enabled: true } } } });
  });
});

describe('writing the sheet', () => {
  it("writes the whole store's orders and products in batches, backing off on 429 until every write is in", async () => {
    // Small requests and a quota of 4 writes a second: the run meets 429s and must wait them out.
    Object.assign(SHEET_TUNING, { pageSize: 40, maxRequestBytes: 12_000, writesPerRun: 6 });
    const sheet = google.createSpreadsheet();
    const admin = caller(t, s.admin);
    expect((await admin('POST', '/api/integrations/sheets/trigger')).json().message).toBe('Save a sheet address first');
    await admin('PUT', '/api/integrations/sheets', { url: sheet.url });
    await verify(s.admin, sheet);
    const before = { ...google.stats };
    const state = await runSheet(s.admin);
    expect(state.run).toMatchObject({ status: 'done', progress: 100, error: null, rows: BULK + 2 + 2 });
    expect(google.stats.throttled - before.throttled, 'the fake answered 429').toBeGreaterThan(0);
    // Many orders per request: far fewer writes than orders, every one of them landed.
    const writes = google.stats.writes - before.writes;
    expect(writes).toBeGreaterThan(3);
    expect(writes).toBeLessThan(BULK / 10);
    expect(google.stats.largestBody).toBeLessThan(2_000_000);

    expect(google.tabs(sheet.id)).toEqual(['Sheet1', 'verify', 'Orders', 'Products']);
    const orders = google.rows(sheet.id, 'Orders') as string[][];
    expect(orders[0].slice(0, 3)).toEqual(['Order', 'Placed At', 'Vendor']);
    expect(orders).toHaveLength(1 + BULK + 2);
    expect(new Set(orders.slice(1).map((r) => r[0])).size).toBe(BULK + 2);
    expect(orders.filter((r) => r[2] === 'Vendor One')).toHaveLength(1);
    const products = google.rows(sheet.id, 'Products') as string[][];
    expect(
      products
        .map((r) => r[2])
        .slice(1)
        .sort(),
    ).toEqual(['Mug of Vendor One', 'Mug of Vendor Two']);

    // A second run rewrites the sheet in place: no row twice.
    expect((await runSheet(s.admin)).run).toMatchObject({ status: 'done', rows: BULK + 4 });
    expect(google.rows(sheet.id, 'Orders')).toHaveLength(1 + BULK + 2);
  });

  it("a vendor's sheet gets that vendor's orders only; the download gives the same rows as CSV", async () => {
    const sheet = google.createSpreadsheet();
    const vendor = caller(t, s.vendor1);
    await vendor('PUT', '/api/integrations/sheets', { url: sheet.url });
    await verify(s.vendor1, sheet);
    expect((await runSheet(s.vendor1)).run).toMatchObject({ status: 'done', rows: 2 });
    const orders = google.rows(sheet.id, 'Orders') as string[][];
    expect(orders.slice(1).map((r) => r[2])).toEqual(['Vendor One']);
    expect((google.rows(sheet.id, 'Products') as string[][]).slice(1).map((r) => r[2])).toEqual(['Mug of Vendor One']);

    const file = await vendor('GET', '/api/integrations/sheets/download');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1].split(',')[2]).toBe('Vendor One');
    const products = await vendor('GET', '/api/integrations/sheets/download?tab=products');
    expect(products.body).toContain('Mug of Vendor One');
    expect(products.body).not.toContain('Mug of Vendor Two');
    expect((await vendor('GET', '/api/integrations/sheets/download?tab=secrets')).statusCode).toBe(400);
  });

  it('the admin download is the whole store, streamed page by page', async () => {
    Object.assign(SHEET_TUNING, { pageSize: 25 });
    const file = await caller(t, s.admin)('GET', '/api/integrations/sheets/download');
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(1 + BULK + 2);
    expect(new Set(lines.slice(1)).size).toBe(BULK + 2);
  });

  it("a sheet not shared with the service account is refused with Google's words, and a run in progress cannot start twice", async () => {
    const vendor = caller(t, s.vendor2);
    await vendor('PUT', '/api/integrations/sheets', { url: google.createSpreadsheet({ shared: false }).url });
    const refused = await vendor('POST', '/api/integrations/sheets/trigger');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Google Sheets refused to open the sheet: The caller does not have permission');

    const sheet = google.createSpreadsheet();
    await vendor('PUT', '/api/integrations/sheets', { url: sheet.url });
    await verify(s.vendor2, sheet);
    expect((await vendor('POST', '/api/integrations/sheets/trigger')).statusCode).toBe(200);
    const again = await vendor('POST', '/api/integrations/sheets/trigger');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The sheet is being written already');
    await t.ctx.jobs.drain();
  });
});

describe("proving the sheet is the caller's", () => {
  it("refuses to write another tenant's sheet until its owner puts the caller's token in it", async () => {
    // Someone else's sheet, shared with the same service account as every store's.
    const theirs = google.createSpreadsheet();
    google.setCell(theirs.id, 'Sheet1', 0, 0, 'Their own data');
    const vendor = caller(t, s.vendor1);
    const saved = (await vendor('PUT', '/api/integrations/sheets', { url: theirs.url })).json();
    const refused = await vendor('POST', '/api/integrations/sheets/trigger');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Prove this sheet is yours before it is written: add a tab named "verify" and put ${saved.verificationToken} in its cell A1, then start the export again`,
    );
    expect(google.tabs(theirs.id)).toEqual(['Sheet1']);
    expect(google.rows(theirs.id, 'Sheet1')).toEqual([['Their own data']]);

    // Another scope's token, or this one for another sheet, proves nothing.
    const other = google.createSpreadsheet();
    await caller(t, s.vendor2)('PUT', '/api/integrations/sheets', { url: other.url });
    google.setCell(theirs.id, 'verify', 0, 0, (await caller(t, s.vendor2)('GET', '/api/integrations/sheets')).json().verificationToken);
    expect((await vendor('POST', '/api/integrations/sheets/trigger')).statusCode).toBe(409);
    expect(google.tabs(theirs.id)).toEqual(['Sheet1', 'verify']);

    // A run queued before the token was taken away writes nothing either: the job checks again.
    google.setCell(theirs.id, 'verify', 0, 0, saved.verificationToken);
    expect((await vendor('POST', '/api/integrations/sheets/trigger')).statusCode).toBe(200);
    google.setCell(theirs.id, 'verify', 0, 0, '');
    await t.ctx.jobs.drain();
    expect((await vendor('GET', '/api/integrations/sheets')).json().run).toMatchObject({ status: 'failed', error: refused.json().message });
    expect(google.tabs(theirs.id)).toEqual(['Sheet1', 'verify']);

    google.setCell(theirs.id, 'verify', 0, 0, ` ${saved.verificationToken} `);
    expect((await runSheet(s.vendor1)).run).toMatchObject({ status: 'done' });
    expect(google.tabs(theirs.id)).toEqual(['Sheet1', 'verify', 'Orders', 'Products']);
  });
});

describe('isolation', () => {
  it("another vendor or another store's admin never sees, changes or runs a sheet that is not theirs", async () => {
    const sheet = google.createSpreadsheet();
    await caller(t, s.vendor1)('PUT', '/api/integrations/sheets', { url: sheet.url });
    const before = await t.db.select().from(sheetLinks);

    await t.db
      .insert(stores)
      .values({ id: 'other', shopName: 'Other Market', settings: { features: { integrations: { enabled: true } } } });
    await t.db
      .insert(users)
      .values({ storeId: 'other', email: 'admin@other.test', isAdmin: true, passwordHash: await hashPassword('other-password-1') });
    const other = await t.login('admin@other.test', 'other-password-1', 'other');
    const outsider = caller(t, other);
    expect((await outsider('GET', '/api/integrations/sheets')).json()).toMatchObject({ url: null, run: null });
    expect((await outsider('POST', '/api/integrations/sheets/trigger')).statusCode).toBe(409);
    const download = await outsider('GET', '/api/integrations/sheets/download');
    expect(
      download.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    expect((await outsider('DELETE', '/api/integrations/sheets')).statusCode).toBe(200);

    expect((await caller(t, s.vendor2)('GET', '/api/integrations/sheets')).json().url).not.toBe(sheet.url);
    expect((await caller(t, s.vendor2)('DELETE', '/api/integrations/sheets')).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(sheetLinks)
        .where(eq(sheetLinks.scope, before.find((r) => r.url === sheet.url)!.scope)),
    ).toHaveLength(1);
    expect((await caller(t, s.vendor1)('GET', '/api/integrations/sheets')).json().url).toBe(sheet.url);
  });
});
