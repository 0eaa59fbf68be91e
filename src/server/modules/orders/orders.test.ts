import { randomUUID } from 'node:crypto';
import { DEFAULT_DELIVERY_SETTINGS } from '#shared/schemas/delivery';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatMoney, toMinorUnits } from '#shared/money';
import { documentText } from '../../../../test/support/document-text.ts';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { orderLines, orders, productVariants, products, vendorOrders } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { EXPORT_TUNING } from '../exports/csv-exports.ts';
import { ORDER_EXPORT_COLUMNS } from './export-orders.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let mug: { productId: string; variantId: string };
let lamp: { productId: string; variantId: string };

const variantOf = async (productId: string) =>
  (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId)))[0];

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  const admin = caller(t, s.admin);
  // Marketplace delivery: Benelux, 4.95 flat. Vendor Two ships with its own zone, free.
  expect(
    (
      await admin('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'Benelux', rates: [{ name: 'Standard', price: '4.95' }], countries: [{ code: 'NL' }, { code: 'BE' }] },
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await caller(t, s.vendor2)('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'Everywhere NL', rates: [{ name: 'Free', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  // Vendors' own delivery is on, so Vendor Two's zone counts.
  expect((await admin('PUT', '/api/settings/delivery', { ...DEFAULT_DELIVERY_SETTINGS, enabled: true })).statusCode).toBe(200);
  // Admins' products are approved at once; these are for sale.
  const mugId = await saveProduct(t, s.admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 3, trackStock: true, sku: 'MUG-1' }],
  });
  const lampId = await saveProduct(t, s.admin, {
    title: 'Brass lamp',
    vendor: 'Vendor Two',
    status: 'ACTIVE',
    variants: [{ price: '100.00', stock: 0, sku: 'LAMP-1' }],
  });
  mug = { productId: mugId, variantId: (await variantOf(mugId)).id };
  lamp = { productId: lampId, variantId: (await variantOf(lampId)).id };
});
afterAll(() => t.close());

const address = { name: 'Alex Buyer', street1: '12 Canal Street', city: 'Amsterdam', zip: '1012 AB', country: 'nl' };
const checkout = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: { store: 'demo', email: 'Alex@Buyer.example', address, ...body },
  });

describe('POST /api/storefront/checkout', () => {
  it('records an order split per vendor: server prices, shipping per vendor, commission frozen per line, stock taken, vendors mailed', async () => {
    const checkoutId = randomUUID();
    const res = await checkout({
      checkoutId,
      lines: [
        { variantId: mug.variantId, quantity: 2 },
        { variantId: lamp.variantId, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    // 2 × 20 + 100; Vendor One ships with the marketplace's 4.95, Vendor Two with its own free rate.
    expect(res.json()).toMatchObject({ name: '#1001', currency: 'USD', subtotal: '140.00', shipping: '4.95', total: '144.95' });
    const { orderId } = res.json();

    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      source: 'local',
      platformOrderId: checkoutId,
      customer: { name: 'Alex Buyer', email: 'alex@buyer.example' },
    });
    expect(order.shippingAddress).toMatchObject({ country: 'NL', city: 'Amsterdam' });
    const parts = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
    expect(parts).toHaveLength(2);
    // The default commission is 10 % of the goods.
    const one = parts.find((p) => p.subtotal === 4000)!;
    expect(one).toMatchObject({ orderName: '#1001', fulfillment: 'unfulfilled', payout: 'due', commission: 400, vendorShare: 3600 });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.vendorOrderId, one.id));
    expect(lines).toEqual([
      expect.objectContaining({
        sku: 'MUG-1',
        quantity: 2,
        price: 2000,
        commission: 400,
        commissionLine: expect.objectContaining({ percentage: 10, source: 'default' }),
      }),
    ]);

    // Tracked stock is taken down with the product's summary; untracked stock is not counted.
    expect((await variantOf(mug.productId)).stock).toBe(1);
    expect((await t.db.select().from(products).where(eq(products.id, mug.productId)))[0]).toMatchObject({ totalStock: 1, inStock: true });

    const [mail] = (await t.mailsTo(DEMO_ACCOUNTS.vendor1)).filter((m) => m.template === 'order-placed');
    expect(mail.subject).toBe('New order #1001');
    expect(mail.html).toContain('Blue mug');
    expect((await t.mailsTo(DEMO_ACCOUNTS.vendor2)).filter((m) => m.template === 'order-placed')).toHaveLength(1);

    // The storefront retrying the same checkout gets the same order, and nothing happens twice.
    const again = await checkout({ checkoutId, lines: [{ variantId: mug.variantId, quantity: 1 }] });
    expect(again.json()).toMatchObject({ orderId, name: '#1001' });
    expect((await variantOf(mug.productId)).stock).toBe(1);
    expect(await t.db.select().from(orders)).toHaveLength(1);
  });

  it('refuses what cannot be sold, delivered or afforded, with the message and nothing written', async () => {
    const before = (await t.db.select().from(orders)).length;
    const tooMany = await checkout({ checkoutId: randomUUID(), lines: [{ variantId: mug.variantId, quantity: 5 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      message: 'Not enough in stock',
      errors: [{ path: 'lines', message: 'Only 1 left of Blue mug' }],
    });

    const draft = await saveProduct(t, s.vendor1, {
      title: 'Unapproved vase',
      status: 'ACTIVE',
      variants: [{ price: '5', stock: 1, sku: 'VASE' }],
    });
    const notForSale = await checkout({ checkoutId: randomUUID(), lines: [{ variantId: (await variantOf(draft)).id, quantity: 1 }] });
    expect(notForSale.statusCode).toBe(400);
    expect(notForSale.json()).toMatchObject({ message: 'This product is not for sale', errors: [{ path: 'lines.0.variantId' }] });

    const faraway = await checkout({
      checkoutId: randomUUID(),
      address: { ...address, country: 'JP' },
      lines: [{ variantId: mug.variantId, quantity: 1 }],
    });
    expect(faraway.statusCode).toBe(400);
    expect(faraway.json().message).toBe('No delivery to this address');

    const bad = await checkout({ checkoutId: 'x', address: { ...address, country: 'XX', name: '' }, lines: [] });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['address.country', 'address.name', 'checkoutId', 'lines']);
    expect(await t.db.select().from(orders)).toHaveLength(before);
    expect((await variantOf(mug.productId)).stock).toBe(1);
  });

  it('numbers local orders one after the other', async () => {
    const res = await checkout({ checkoutId: randomUUID(), lines: [{ variantId: lamp.variantId, quantity: 1 }] });
    expect(res.json().name).toBe('#1002');
  });
});

describe('the back-office order calls', () => {
  const call = (session: Session) => caller(t, session);
  let mixedOrderId: string;

  it('GET orders: each vendor sees its own part; an admin sees every part, filters and searches; counts by payout', async () => {
    const mixed = await checkout({
      checkoutId: randomUUID(),
      lines: [
        { variantId: mug.variantId, quantity: 1 },
        { variantId: lamp.variantId, quantity: 2 },
      ],
    });
    mixedOrderId = mixed.json().orderId;
    const mine = (await call(s.vendor1)('GET', '/api/orders')).json();
    expect(mine.orders.every((o: { vendor: string }) => o.vendor === 'Vendor One')).toBe(true);
    expect(mine.orders[0]).toMatchObject({
      name: mixed.json().name,
      vendor: 'Vendor One',
      customerName: 'Alex Buyer',
      fulfillment: 'unfulfilled',
      payout: 'due',
      subtotal: '20.00',
      commission: '2.00',
      vendorShare: '18.00',
      itemCount: 1,
      currency: 'USD',
    });
    const theirs = (await call(s.vendor2)('GET', '/api/orders')).json();
    expect(theirs.orders.every((o: { vendor: string }) => o.vendor === 'Vendor Two')).toBe(true);

    const all = (await call(s.admin)('GET', '/api/orders')).json();
    expect(all.counts).toMatchObject({
      count: mine.counts.count + theirs.counts.count,
      payoutDue: all.counts.count,
      payoutPaid: 0,
      capped: false,
    });
    expect(all.pageCount).toBe(1);
    expect((await call(s.admin)('GET', '/api/orders?vendor=Vendor%20Two')).json().counts.count).toBe(theirs.counts.count);
    expect((await call(s.admin)('GET', `/api/orders?q=${encodeURIComponent(mixed.json().name)}`)).json().orders).toHaveLength(2);
    expect((await call(s.admin)('GET', '/api/orders?q=alex%40buyer.example')).json().counts.count).toBe(all.counts.count);
    expect((await call(s.admin)('GET', '/api/orders?fulfillment=fulfilled')).json().orders).toEqual([]);
    expect((await call(s.admin)('GET', '/api/orders?period=today')).json().counts.count).toBe(all.counts.count);
    expect((await call(s.admin)('GET', '/api/orders?from=2020-01-01&to=2020-12-31')).json().orders).toEqual([]);
    const bad = await call(s.admin)('GET', '/api/orders?page=0&fulfillment=lost&from=14-03-2025');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['from', 'fulfillment', 'page']);
  });

  it('GET app/status counts the orders waiting for a shipment in the caller scope', async () => {
    const open = async (session: Session) => (await call(session)('GET', '/api/orders?fulfillment=unfulfilled')).json().counts.count;
    for (const session of [s.admin, s.vendor1, s.vendor2]) {
      expect((await call(session)('GET', '/api/app/status')).json().orders).toBe(await open(session));
    }
    expect(await open(s.vendor1)).toBeGreaterThan(0);
  });

  it('GET orders/{id}: lines and buyer, hidden fields withheld from the vendor; adminOrders for admins; 404 for another vendor', async () => {
    const [own] = (await call(s.vendor1)('GET', '/api/orders')).json().orders;
    const vendorView = (await call(s.vendor1)('GET', `/api/orders/${own.id}`)).json();
    expect(vendorView.order).toMatchObject({
      id: own.id,
      customerEmail: null,
      customerPhone: null,
      billingAddress: null,
      shippingAddress: { city: 'Amsterdam' },
    });
    expect(vendorView.order.lines).toEqual([expect.objectContaining({ sku: 'MUG-1', quantity: 1, fulfilledQuantity: 0, price: '20.00' })]);
    expect(vendorView.adminOrders).toEqual([]);
    expect(vendorView.variantDetails[mug.variantId]).toMatchObject({
      productId: mug.productId,
      productTitle: 'Blue mug',
      trackStock: true,
    });

    const adminView = (await call(s.admin)('GET', `/api/orders/${own.id}`)).json();
    expect(adminView.order.customerEmail).toBe('alex@buyer.example');
    expect(adminView.adminOrders.map((o: { vendor: string }) => o.vendor).sort()).toEqual(['Vendor One', 'Vendor Two']);

    for (const path of [`/api/orders/${own.id}`, '/api/orders/not-a-uuid'])
      expect((await call(s.vendor2)('GET', path)).statusCode).toBe(404);
  });

  it('POST orders/{id}/fulfill: partial, then the rest; more than is left is refused; another vendor cannot; the next order comes back', async () => {
    const [part] = (await call(s.admin)('GET', `/api/orders?q=${encodeURIComponent('#')}&vendor=Vendor%20Two`)).json().orders;
    const detail = (await call(s.vendor2)('GET', `/api/orders/${part.id}`)).json().order;
    const line = detail.lines[0];
    expect(
      (await call(s.vendor1)('POST', `/api/orders/${part.id}/fulfill`, { lineItems: [{ id: line.id, quantity: 1 }] })).statusCode,
    ).toBe(404);

    const tooMany = await call(s.vendor2)('POST', `/api/orders/${part.id}/fulfill`, {
      lineItems: [{ id: line.id, quantity: line.quantity + 1 }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: 'More than is left to fulfil', errors: [{ path: 'lineItems.0.quantity' }] });
    const nothing = await call(s.vendor2)('POST', `/api/orders/${part.id}/fulfill`, {
      url: 'not a url',
      lineItems: [{ id: line.id, quantity: 0 }],
    });
    expect(
      nothing
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['lineItems', 'url']);

    const first = await call(s.vendor2)('POST', `/api/orders/${part.id}/fulfill`, {
      carrier: 'PostNL',
      tracking: '3S123',
      url: 'https://track.example/3S123',
      lineItems: [{ id: line.id, quantity: 1 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().fulfillment).toMatchObject({ carrier: 'PostNL', tracking: '3S123', lines: [{ lineId: line.id, quantity: 1 }] });
    expect(first.json().nextOrder).toEqual(expect.any(String));
    expect((await call(s.vendor2)('GET', `/api/orders/${part.id}`)).json().order).toMatchObject({
      fulfillment: 'partial',
      fulfillments: [expect.objectContaining({ tracking: '3S123' })],
    });

    await call(s.vendor2)('POST', `/api/orders/${part.id}/fulfill`, { lineItems: [{ id: line.id, quantity: line.quantity - 1 }] });
    expect((await call(s.vendor2)('GET', `/api/orders/${part.id}`)).json().order.fulfillment).toBe('fulfilled');
    expect((await call(s.vendor2)('GET', '/api/orders?fulfillment=fulfilled')).json().orders.map((o: { id: string }) => o.id)).toEqual([
      part.id,
    ]);
  });

  it('GET orders/{id}/documents/{document}: the invoice and the packing slip as PDFs (HTML to print without Chromium), within the scope', async () => {
    const [own] = (await call(s.vendor1)('GET', '/api/orders')).json().orders;
    const pdf = t.ctx.pdf.available;
    expect((await call(s.vendor1)('GET', '/api/documents')).json()).toEqual({
      format: pdf ? 'pdf' : 'html',
      enabled: { 'doc-customer-invoice': true, 'doc-packing-slip': true, 'doc-vendor-invoice': true },
    });
    const invoice = await call(s.vendor1)('GET', `/api/orders/${own.id}/documents/invoice`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe(pdf ? 'application/pdf' : 'text/html; charset=utf-8');
    expect(invoice.headers['content-disposition']).toMatch(
      pdf ? /^attachment; filename="invoice-\d+\.pdf"$/ : /^inline; filename="invoice-\d+\.html"$/,
    );
    if (pdf) expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The buyer lives in the Netherlands: the invoice is in Dutch, its amounts written the Dutch way.
    const text = documentText(invoice);
    for (const words of ['Factuur', 'Blue mug', 'Amsterdam', 'Subtotaal']) expect(text).toContain(words);
    const { order } = (await call(s.vendor1)('GET', `/api/orders/${own.id}`)).json();
    const dutch = formatMoney(toMinorUnits(order.total, 2), order.currency, 'nl').replace(/\s/g, ' ');
    expect(dutch).toMatch(/,\d\d$/);
    expect(text).toContain(`Totaal ${dutch}`);
    // A real document: its number and date, the seller, a table of lines with tax, the totals.
    for (const words of [
      `Factuur ${order.name.slice(1)}-${order.id.slice(0, 6).toUpperCase()}`,
      'Factuurdatum: ',
      'Verkocht door',
      'Vendor One',
      'Factuuradres',
      'Btw',
      'Verzending',
    ])
      expect(text).toContain(words);
    // The buyer's e-mail is hidden from vendors by default, on paper too.
    expect(text).not.toContain('alex@buyer.example');
    const slip = documentText(await call(s.vendor1)('GET', `/api/orders/${own.id}/documents/slip`));
    expect(slip).toContain('Pakbon');
    expect(slip).not.toContain('Subtotaal');
    // The download follows the store's edited template.
    const edited = await call(s.admin)('PUT', '/api/notifications/templates/doc-packing-slip', {
      htmlBody: '<h1>Our slip {{ order_name }}</h1><p>Packed with care by {{ seller.name }}</p>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const custom = documentText(await call(s.vendor1)('GET', `/api/orders/${own.id}/documents/slip`));
    expect(custom).toContain(`Our slip ${order.name}`);
    expect(custom).toContain('Packed with care by Vendor One');
    expect((await call(s.vendor2)('GET', `/api/orders/${own.id}/documents/invoice`)).statusCode).toBe(404);
    expect((await call(s.vendor1)('GET', `/api/orders/${own.id}/documents/receipt`)).statusCode).toBe(404);
  });

  it('an invoice keeps the date it was first issued; a turned-off document template is not offered (409)', async () => {
    const [, other] = (await call(s.vendor1)('GET', '/api/orders')).json().orders;
    const issued = new Intl.DateTimeFormat('nl', { dateStyle: 'long', timeZone: 'UTC' }).format(t.ctx.now());
    expect(documentText(await call(s.vendor1)('GET', `/api/orders/${other.id}/documents/invoice`))).toContain(`Factuurdatum: ${issued}`);
    // Downloaded again days later, by the admin: the same date.
    await t.db
      .update(vendorOrders)
      .set({ invoiceIssuedAt: new Date('2026-01-05T10:00:00Z') })
      .where(eq(vendorOrders.id, other.id));
    for (const who of [s.vendor1, s.admin])
      expect(documentText(await call(who)('GET', `/api/orders/${other.id}/documents/invoice`))).toContain('Factuurdatum: 5 januari 2026');

    const { integration: _integration, ...settings } = (await call(s.admin)('GET', '/api/notifications/settings')).json();
    const off = await call(s.admin)('PUT', '/api/notifications/settings', {
      ...settings,
      templates: { ...settings.templates, 'doc-customer-invoice': { enabled: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call(s.vendor1)('GET', '/api/documents')).json().enabled).toEqual({
      'doc-customer-invoice': false,
      'doc-packing-slip': true,
      'doc-vendor-invoice': true,
    });
    const refused = await call(s.vendor1)('GET', `/api/orders/${other.id}/documents/invoice`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Invoices are turned off for this marketplace');
    expect((await call(s.vendor1)('GET', `/api/orders/${other.id}/documents/slip`)).statusCode).toBe(200);
    await call(s.admin)('PUT', '/api/notifications/settings', settings);
  });

  it('POST orders/export: the filtered list as CSV, one row per line, in pages, for its requester only', async () => {
    const tuning = { ...EXPORT_TUNING };
    Object.assign(EXPORT_TUNING, { pageSize: 1, pagesPerRun: 2 });
    try {
      const started = await call(s.vendor1)('POST', '/api/orders/export?fulfillment=any');
      expect(started.statusCode).toBe(202);
      const { exportId } = started.json();
      await t.ctx.jobs.drain();
      const status = (await call(s.vendor1)('GET', `/api/orders/exports/${exportId}`)).json();
      const own = (await call(s.vendor1)('GET', '/api/orders')).json();
      expect(status).toMatchObject({
        status: 'done',
        progress: 100,
        rows: own.counts.count,
        url: `/api/orders/exports/${exportId}/download`,
      });
      const file = await call(s.vendor1)('GET', status.url);
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      const [header, ...rows] = Papa.parse<string[]>(file.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
      expect(header).toEqual([...ORDER_EXPORT_COLUMNS]);
      expect(rows).toHaveLength(own.counts.count);
      expect(rows.every((r) => r[2] === 'Vendor One' && r[13] === 'MUG-1')).toBe(true);
      // Another vendor, and the products' export route, know nothing of it.
      expect((await call(s.vendor2)('GET', `/api/orders/exports/${exportId}`)).statusCode).toBe(404);
      expect((await call(s.vendor1)('GET', `/api/products/exports/${exportId}`)).statusCode).toBe(404);
      const [mail] = (await t.mailsTo(DEMO_ACCOUNTS.vendor1)).filter((m) => m.template === 'export-ready');
      expect(mail.subject).toBe('Your orders export is ready');
      expect(mail.html).toContain(`/app/orders?export=${exportId}`);
    } finally {
      Object.assign(EXPORT_TUNING, tuning);
    }
  });

  it('PUT orders/commission: admins only; flat + percentage replace the lines; a paid-out order keeps its commission', async () => {
    const body = { vendor: 'Vendor Two', orderId: mixedOrderId, flat: '1.50', percentage: 5 };
    expect((await call(s.vendor2)('PUT', '/api/orders/commission', body)).statusCode).toBe(403);
    const res = await call(s.admin)('PUT', '/api/orders/commission', body);
    expect(res.statusCode, res.body).toBe(200);
    // Two lamps of 100.00: 1.50 + 5 % of 200.00.
    expect(res.json()).toEqual({
      orderId: mixedOrderId,
      vendor: 'Vendor Two',
      currency: 'USD',
      commission: '11.50',
      vendorShare: '188.50',
    });
    const [part] = await t.db
      .select()
      .from(vendorOrders)
      .where(and(eq(vendorOrders.orderId, mixedOrderId), eq(vendorOrders.commission, 1150)));
    expect(part.commissionOverride).toEqual({ flat: 1.5, percentage: 5 });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.vendorOrderId, part.id));
    expect(lines.map((l) => [l.commission, l.commissionLine.source])).toEqual([[1150, 'override']]);

    const invalid = await call(s.admin)('PUT', '/api/orders/commission', { ...body, flat: '-1', percentage: 101 });
    expect(
      invalid
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['flat', 'percentage']);
    const precise = await call(s.admin)('PUT', '/api/orders/commission', { ...body, flat: '1.505' });
    expect(precise.json().errors).toEqual([{ path: 'flat', message: 'Must have at most 2 decimals' }]);
    await t.db.update(vendorOrders).set({ payout: 'paid' }).where(eq(vendorOrders.orderId, mixedOrderId));
    const paid = await call(s.admin)('PUT', '/api/orders/commission', body);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('This order is paid out: its commission can no longer change');
  });
});

describe('vendor deletion', () => {
  it('keeps a vendor that has orders (409, nothing deleted)', async () => {
    const res = await caller(t, s.admin)('DELETE', '/api/vendors/Vendor%20One');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This vendor has orders: its order and payout records must stay, so it cannot be deleted');
  });
});
