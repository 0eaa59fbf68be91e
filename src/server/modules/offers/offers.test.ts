import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/support/test-app.ts';
import { snapshotStore, changedTables } from '../../../../test/support/store-snapshot.ts';
import { jobs, offers, outboxEmails, productVariants, stores, users } from '#server/db/schema/index';
import { hashPassword } from '../auth/passwords.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { expireDueOffers } from './expire-offers.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let mug: string;
let lamp: string;
let clock = Date.parse('2026-11-25T10:00:00Z');
const HOUR = 3_600_000;

const variantOf = async (productId: string) =>
  (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId)))[0];
const offer = (body: object, store = 'demo') =>
  t.app.inject({ method: 'POST', url: `/api/public/make-an-offer?store=${store}`, payload: body });
const buyerView = (token: string) => t.app.inject({ method: 'GET', url: '/api/public/offer', headers: { 'x-offer-token': token } });
const buyerAnswer = (token: string, action: string) =>
  t.app.inject({ method: 'POST', url: '/api/public/offer/answer', headers: { 'x-offer-token': token }, payload: { action } });
const tokenIn = (html: string) => /\/app\/offer\/([A-Za-z0-9_-]+\.[0-9a-f]+)/.exec(html)?.[1];
const checkout = (variantId: string, quantity: number, offerToken?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: {
      store: 'demo',
      checkoutId: randomUUID(),
      email: 'ann@buyer.example',
      address: { name: 'Ann', street1: 'Dam 1', city: 'Amsterdam', zip: '1012', country: 'NL' },
      lines: [{ variantId, quantity }],
      ...(offerToken ? { offerToken } : {}),
    },
  });

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  s = await demoSessions(t);
  const admin = caller(t, s.admin);
  expect(
    (await admin('PATCH', '/api/app/info/features', { features: { features: { makeAnOffer: { enabled: true } }, currency: 'EUR' } }))
      .statusCode,
  ).toBe(200);
  expect(
    (
      await admin('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  mug = await saveProduct(t, s.admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 10, trackStock: true, sku: 'MUG-1' }],
  });
  lamp = await saveProduct(t, s.admin, {
    title: 'Desk lamp',
    vendor: 'Vendor Two',
    status: 'ACTIVE',
    variants: [{ price: '80.00', stock: 5, trackStock: true, sku: 'LAMP-1' }],
  });
});
afterAll(() => t.close());

describe('make-an-offer', () => {
  it('is refused while the store has offers off, and for vendors that take none', async () => {
    const { id: variantId } = await variantOf(lamp);
    await t.db.insert(stores).values({ id: 'closed', shopName: 'Closed Market' });
    expect((await offer({ email: 'a@b.example', amount: '10', quantity: 1, variantId }, 'closed')).statusCode).toBe(404);

    const v2 = caller(t, s.vendor2);
    expect((await v2('PUT', '/api/offers/vendor-settings', { acceptsOffers: false })).json()).toEqual({ acceptsOffers: false });
    expect((await v2('GET', '/api/settings')).json().vendorSettings.acceptsOffers).toBe(false);
    const res = await offer({ email: 'a@b.example', amount: '10', quantity: 1, variantId });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Offers are not accepted on this product');
    expect((await v2('PUT', '/api/offers/vendor-settings', { acceptsOffers: true })).statusCode).toBe(200);
    // The store's hours are the admins'; the marketplace view has no vendor to switch off.
    const admin = caller(t, s.admin);
    expect((await admin('PUT', '/api/offers/vendor-settings', { acceptsOffers: false })).json().message).toBe(
      'Switch to a vendor to change its offers',
    );
    expect((await v2('PUT', '/api/offers/settings', { pendingExpiryHours: 1, checkoutHours: 1 })).statusCode).toBe(403);
    expect((await admin('PUT', '/api/offers/settings', { pendingExpiryHours: 0, checkoutHours: 48 })).json().errors).toEqual([
      { path: 'pendingExpiryHours', message: 'Must be at least 1' },
    ]);
    expect((await admin('PUT', '/api/offers/settings', { pendingExpiryHours: 72, checkoutHours: 48 })).json()).toEqual({
      pendingExpiryHours: 72,
      checkoutHours: 48,
    });
  });

  it('records the offer, mails the vendor and the buyer, and refuses amounts at the price and a second open offer', async () => {
    const { id: variantId } = await variantOf(mug);
    expect((await offer({ email: 'ann@buyer.example', amount: '20.00', quantity: 1, variantId })).json()).toMatchObject({
      message: 'The offer must be below the price',
      errors: [{ path: 'amount', message: 'The offer must be below the price' }],
    });
    expect((await offer({ email: 'ann@buyer.example', amount: '1.234', quantity: 1, variantId })).statusCode).toBe(400);
    const made = await offer({ email: 'Ann@Buyer.example', amount: '15.50', quantity: 2, variantId });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({ id: expect.any(String), status: 'pending' });
    expect((await offer({ email: 'ann@buyer.example', amount: '16', quantity: 1, variantId })).statusCode).toBe(409);

    const [vendorMail] = await t.mailsTo('vendor1@demo.test');
    expect(vendorMail.subject).toBe('New offer on Blue mug');
    expect(vendorMail.html).toContain('€15.50');
    const [buyerMail] = await t.mailsTo('ann@buyer.example');
    expect(buyerMail.subject).toBe('Your offer on Blue mug was sent');
    expect(tokenIn(buyerMail.html)).toBeTruthy();
  });

  it("shows admins the buyer's link in the outbox with its token hidden, and keeps it out of the job queue", async () => {
    const [delivered] = await t.mailsTo('ann@buyer.example');
    const token = tokenIn(delivered.html)!;
    const { emails } = (await caller(t, s.admin)('GET', '/api/notifications/outbox')).json();
    const shown = emails.find((mail: { id: string }) => mail.id === delivered.id);
    expect(shown.html).toContain('http://127.0.0.1:3000/app/offer/[hidden]');
    expect(`${shown.html}${shown.text}${shown.subject}`).not.toContain(token);
    expect(JSON.stringify(await t.db.select({ payload: jobs.payload }).from(jobs))).not.toContain(token);
  });

  it('hides the token of offer mails recorded before the links were secret (the migration)', async () => {
    const link = 'http://127.0.0.1:3000/app/offer/eyJvIjoib2xkIn0.0a1b2c3d';
    const [old] = await t.db
      .insert(outboxEmails)
      .values({
        storeId: 'demo',
        template: 'offer-accepted',
        toAddress: 'old@buyer.example',
        fromAddress: 'shop@demo.test',
        subject: 'Old',
        html: `<a href="${link}">Check out</a>`,
        text: `Check out: ${link}`,
        transport: 'outbox',
      })
      .returning();
    const migration = readFileSync(new URL('../../db/migrations/0028_mask-outbox-offer-links.sql', import.meta.url), 'utf8');
    await t.db.execute(sql.raw(migration));
    const { emails } = (await caller(t, s.admin)('GET', '/api/notifications/outbox')).json();
    expect(emails.find((mail: { id: string }) => mail.id === old.id)).toMatchObject({
      html: '<a href="http://127.0.0.1:3000/app/offer/[hidden]">Check out</a>',
      text: 'Check out: http://127.0.0.1:3000/app/offer/[hidden]',
    });
  });
});

describe('the offers list and actions', () => {
  it('shows a vendor its own offers only, an admin all, by status and search', async () => {
    const { id: lampVariant } = await variantOf(lamp);
    expect((await offer({ email: 'bob@buyer.example', amount: '60', quantity: 1, variantId: lampVariant })).statusCode).toBe(201);
    const v1 = (await caller(t, s.vendor1)('GET', '/api/offers')).json();
    expect(v1).toMatchObject({ count: 1, pageCount: 1 });
    expect(v1.offers[0]).toMatchObject({
      status: 'pending',
      vendor: { name: 'Vendor One' },
      product: { title: 'Blue mug' },
      buyerEmail: 'ann@buyer.example',
      quantity: 2,
      currency: 'EUR',
      price: '20.00',
      amount: '15.50',
      counterOffer: null,
      history: [{ event: 'made', actor: 'buyer', actorName: 'ann@buyer.example', amount: '15.50', at: '2026-11-25T10:00:00.000Z' }],
    });
    expect((await caller(t, s.vendor2)('GET', '/api/offers')).json().offers.map((o: { buyerEmail: string }) => o.buyerEmail)).toEqual([
      'bob@buyer.example',
    ]);
    const admin = caller(t, s.admin);
    expect((await admin('GET', '/api/offers')).json().count).toBe(2);
    expect((await admin('GET', '/api/offers?q=lamp')).json().offers.map((o: { buyerEmail: string }) => o.buyerEmail)).toEqual([
      'bob@buyer.example',
    ]);
    expect((await admin('GET', '/api/offers?status=countered')).json()).toEqual({ offers: [], count: 0, pageCount: 0 });
    expect((await admin('GET', '/api/offers?status=expired')).statusCode).toBe(400);
  });

  it("answers 404 and changes nothing when a vendor acts on another vendor's offer, or an admin on another store's", async () => {
    const [bobs] = await t.db.select().from(offers).where(eq(offers.buyerEmail, 'bob@buyer.example'));
    const before = await snapshotStore(t.db);
    for (const action of ['accept', 'reject', 'counter']) {
      const res = await caller(t, s.vendor1)('POST', '/api/offers/action', { id: bobs.id, action, counterOffer: '70' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Offer not found');
    }
    await t.db.insert(stores).values({ id: 'other', shopName: 'Other Market', settings: { features: { makeAnOffer: { enabled: true } } } });
    await t.db
      .insert(users)
      .values({ storeId: 'other', email: 'admin@other.test', isAdmin: true, passwordHash: await hashPassword(DEMO_PASSWORD) });
    const otherAdmin = caller(t, await t.login('admin@other.test', DEMO_PASSWORD, 'other'));
    expect((await otherAdmin('GET', '/api/offers')).json()).toEqual({ offers: [], count: 0, pageCount: 0 });
    expect((await otherAdmin('POST', '/api/offers/action', { id: bobs.id, action: 'accept' })).statusCode).toBe(404);
    // The other store's buyers cannot reach the demo's variants either.
    expect((await offer({ email: 'c@d.example', amount: '10', quantity: 1, variantId: bobs.variantId }, 'other')).statusCode).toBe(404);
    expect(
      changedTables(before, await snapshotStore(t.db)).filter(
        (table) => !['stores', 'users', 'refresh_tokens', 'rate_limit_hits', 'app_events'].includes(table),
      ),
    ).toEqual([]);
  });

  it('rejects an offer with a mail to the buyer, and refuses acting on it again', async () => {
    const [bobs] = await t.db.select().from(offers).where(eq(offers.buyerEmail, 'bob@buyer.example'));
    const v2 = caller(t, s.vendor2);
    const res = await v2('POST', '/api/offers/action', { id: bobs.id, action: 'reject' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offer.status).toBe('rejected');
    expect(res.json().offer.history.map((h: { event: string; actor: string }) => `${h.event}:${h.actor}`)).toEqual([
      'made:buyer',
      'rejected:vendor',
    ]);
    expect((await v2('POST', '/api/offers/action', { id: bobs.id, action: 'accept' })).statusCode).toBe(409);
    const [mail] = await t.mailsTo('bob@buyer.example');
    expect(mail.subject).toBe('Your offer on Desk lamp');
    expect(mail.html).toContain('was not accepted');
  });

  it('counters, the buyer accepts through the mailed link and checks out at the agreed price; the stock is taken once', async () => {
    const variant = await variantOf(mug);
    const [anns] = await t.db
      .select()
      .from(offers)
      .where(and(eq(offers.buyerEmail, 'ann@buyer.example'), eq(offers.variantId, variant.id)));
    const v1 = caller(t, s.vendor1);
    expect((await v1('POST', '/api/offers/action', { id: anns.id, action: 'counter' })).json().errors).toEqual([
      { path: 'counterOffer', message: 'Enter the counter-offer' },
    ]);
    expect((await v1('POST', '/api/offers/action', { id: anns.id, action: 'counter', counterOffer: '21' })).json().message).toBe(
      'The counter-offer must be above the offer and below the price',
    );
    clock += HOUR;
    s = await demoSessions(t); // the sessions of an hour ago have lapsed
    const countered = await caller(t, s.vendor1)('POST', '/api/offers/action', { id: anns.id, action: 'counter', counterOffer: '18' });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json().offer).toMatchObject({ status: 'countered', counterOffer: '18.00' });

    const [mail] = await t.mailsTo('ann@buyer.example');
    expect(mail.html).toContain('€18.00');
    const token = tokenIn(mail.html)!;
    expect((await buyerView(`${token}x`)).statusCode).toBe(404);
    expect((await buyerView(token)).json().offer).toMatchObject({
      status: 'countered',
      counterOffer: '18.00',
      productTitle: 'Blue mug',
      vendorName: 'Vendor One',
      quantity: 2,
    });
    // Before acceptance there is no checkout at that price.
    expect((await checkout(variant.id, 2, token)).json().message).toBe('This offer has no checkout waiting');

    const accepted = await buyerAnswer(token, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().offer).toMatchObject({ status: 'accepted', agreedAmount: '18.00', expiresAt: '2026-11-27T11:00:00.000Z' });
    expect((await variantOf(mug)).stock).toBe(8);
    expect((await t.mailsTo('ann@buyer.example'))[0].subject).toBe('Your offer on Blue mug was accepted');
    expect((await buyerAnswer(token, 'decline')).statusCode).toBe(409);

    expect((await checkout(variant.id, 1, token)).json().message).toBe('The checkout must hold the offer’s quantity of this product');
    // Another store's checkout does not know the offer.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      payload: {
        store: 'other',
        checkoutId: randomUUID(),
        email: 'ann@buyer.example',
        address: { name: 'Ann', street1: 'Dam 1', city: 'Amsterdam', country: 'NL' },
        lines: [{ variantId: variant.id, quantity: 2 }],
        offerToken: token,
      },
    });
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([404, 'Offer not found']);
    const order = await checkout(variant.id, 2, token);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({ subtotal: '36.00', currency: 'EUR' });
    expect((await variantOf(mug)).stock).toBe(8);
    const view = (await buyerView(token)).json().offer;
    expect(view).toMatchObject({ status: 'completed', orderName: order.json().name });
    expect(view.history.map((h: { event: string; actor: string; actorName: string }) => [h.event, h.actor, h.actorName])).toEqual([
      ['made', 'buyer', 'ann@buyer.example'],
      ['countered', 'vendor', ''],
      ['counter-accepted', 'buyer', 'ann@buyer.example'],
      ['completed', 'buyer', 'ann@buyer.example'],
    ]);
    // The token does not buy twice.
    expect((await checkout(variant.id, 2, token)).json().message).toBe('This offer has no checkout waiting');
    expect((await caller(t, s.vendor1)('GET', '/api/offers?status=completed')).json().offers[0].orderId).toBe(order.json().orderId);
  });

  it('lapses unanswered offers and unused checkouts after the store settings; the held stock comes back', async () => {
    const variant = await variantOf(mug);
    const pending = (await offer({ email: 'cy@buyer.example', amount: '12', quantity: 1, variantId: variant.id })).json();
    const held = (await offer({ email: 'di@buyer.example', amount: '13', quantity: 3, variantId: variant.id })).json();
    expect((await caller(t, s.vendor1)('POST', '/api/offers/action', { id: held.id, action: 'accept' })).statusCode).toBe(200);
    expect((await variantOf(mug)).stock).toBe(5);

    clock += 47 * HOUR;
    await expireDueOffers(t.ctx, 'demo');
    expect((await t.db.select({ status: offers.status }).from(offers).where(eq(offers.id, held.id)))[0].status).toBe('accepted');
    clock += 2 * HOUR;
    await expireDueOffers(t.ctx, 'demo');
    expect((await variantOf(mug)).stock).toBe(8);
    s = await demoSessions(t); // the sessions of two days ago have lapsed
    const list = (await caller(t, s.admin)('GET', '/api/offers?q=buyer.example&status=rejected')).json().offers;
    const byBuyer = Object.fromEntries(
      list.map((o: { buyerEmail: string; history: { event: string }[] }) => [o.buyerEmail, o.history.map((h) => h.event)]),
    );
    expect(byBuyer['di@buyer.example']).toEqual(['made', 'accepted', 'expired']);
    expect(byBuyer['cy@buyer.example']).toBeUndefined();
    // The last one through the durable job its deadline asked for (run now: the queue runs by the database's clock).
    clock += 24 * HOUR;
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `offers-expire:demo:${Date.parse('2026-11-28T11:00:00Z')}`));
    expect(job).toMatchObject({ type: 'offers.expire', payload: { storeId: 'demo' }, status: 'pending' });
    await t.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, job.id));
    await t.ctx.jobs.drain();
    expect((await t.db.select({ status: offers.status }).from(offers).where(eq(offers.id, pending.id)))[0].status).toBe('rejected');
    expect((await t.mailsTo('cy@buyer.example'))[0].subject).toBe('Your offer on Blue mug');
  });
});

describe('the last unit', () => {
  it('of 100 concurrent accepts on one unit, exactly one wins and the competing offers are declined', async () => {
    s = await demoSessions(t);
    const scarce = await saveProduct(t, s.admin, {
      title: 'Last vase',
      vendor: 'Vendor One',
      status: 'ACTIVE',
      variants: [{ price: '50.00', stock: 1, trackStock: true, sku: 'VASE-1' }],
    });
    const { id: variantId } = await variantOf(scarce);
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      // The per-address limit (10 a minute) counts on the test's clock.
      if (i % 10 === 0) clock += 61_000;
      const res = await offer({ email: `buyer${i}@race.example`, amount: '40', quantity: 1, variantId });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const v1 = caller(t, await t.login('vendor1@demo.test'));
    const answers = await Promise.all(ids.map((id) => v1('POST', '/api/offers/action', { id, action: 'accept' })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(99);
    expect((await variantOf(scarce)).stock).toBe(0);
    const rows = await t.db.select({ status: offers.status }).from(offers).where(eq(offers.variantId, variantId));
    expect(rows.filter((r) => r.status === 'accepted')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'rejected')).toHaveLength(99);
  }, 120_000);
});
