import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { conversationMessages, conversations, orderLines, productVariants, vendorOrders } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let mug: string;
let clock = Date.parse('2026-11-25T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  s = await demoSessions(t);
  const admin = caller(t, s.admin);
  expect((await admin('PATCH', '/api/app/info/features', { features: { features: { messages: { enabled: true } } } })).statusCode).toBe(
    200,
  );
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
    variants: [{ price: '20.00', stock: 50, sku: 'MUG-1' }],
  });
});
afterAll(() => t.close());

const LEAK = 'Call me on 06-12345678 / 020-5551234 or mail ann at gmail dot com (order 2024-001234)';
const MASKED = 'Call me on [hidden] / [hidden] or mail [hidden] (order 2024-001234)';

const chat = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/conversations/chat-with-seller', payload: { store: 'demo', productId: mug, ...body } });
const buyerReads = async (token: string, conversationId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/conversations?conversationId=${conversationId}`, headers: { 'x-buyer-token': token } })
  ).json();
const setConversations = async (settings: object) =>
  expect((await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { conversations: settings } })).statusCode).toBe(200);

describe('who reads contact details', () => {
  it('stores the message as written; the buyer and the vendor read it masked, the admin as written with what the parties read', async () => {
    const started = await chat({ email: 'ann@buyer.example', name: 'Ann', text: LEAK });
    expect(started.statusCode, started.body).toBe(201);
    const { conversationId, token } = started.json();
    // Even the writer gets its message back as the other side reads it.
    expect(started.json().message).toMatchObject({ text: MASKED, maskedText: null });

    // The original is kept, for moderators.
    const [stored] = await t.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, conversationId));
    expect(stored.text).toBe(LEAK);
    const [row] = await t.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(row.lastMessage).toBe(LEAK);

    const vendor = (await caller(t, s.vendor1)('GET', `/api/conversations?conversationId=${conversationId}`)).json();
    expect(vendor.messages).toEqual([expect.objectContaining({ text: MASKED, maskedText: null })]);
    expect(vendor.conversation).toMatchObject({ lastMessage: MASKED, buyer: { email: null } });
    const buyer = await buyerReads(token, conversationId);
    expect(buyer.messages).toEqual([expect.objectContaining({ text: MASKED, maskedText: null })]);
    expect(buyer.conversation.lastMessage).toBe(MASKED);
    // Nothing a party receives holds the original.
    for (const answer of [vendor, buyer]) expect(JSON.stringify(answer)).not.toMatch(/12345678|5551234|gmail/);

    const admin = (await caller(t, s.admin)('GET', `/api/conversations?conversationId=${conversationId}`)).json();
    expect(admin.messages).toEqual([expect.objectContaining({ text: LEAK, maskedText: MASKED })]);
    expect(admin.conversation.lastMessage).toBe(LEAK);

    // A message without contact details reads the same for everyone.
    const answer = await caller(t, s.vendor1)('PUT', '/api/conversations/send', {
      conversationId,
      text: 'Please order through the shop',
      image: null,
      replyAs: null,
    });
    expect(answer.json().message).toMatchObject({ text: 'Please order through the shop', maskedText: null });
    const again = (await caller(t, s.admin)('GET', `/api/conversations?conversationId=${conversationId}`)).json();
    expect(again.messages.map((m: { maskedText: string | null }) => m.maskedText)).toEqual([MASKED, null]);
  });

  it('a vendor cannot search conversations by the buyer address it may not read', async () => {
    const vendorSearch = (await caller(t, s.vendor1)('GET', '/api/conversations?q=ann%40buyer')).json();
    expect(vendorSearch.count).toBe(0);
    expect((await caller(t, s.vendor1)('GET', '/api/conversations?q=Ann')).json().count).toBe(1);
    expect((await caller(t, s.admin)('GET', '/api/conversations?q=ann%40buyer')).json().count).toBe(1);
  });

  it('with allowContactAfterDelivery, the parties read contact details once an order between them is fulfilled, and only then', async () => {
    clock += 3_600_000;
    s = await demoSessions(t);
    await setConversations({ hideContactDetails: true, allowContactAfterDelivery: true });
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, mug));
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      payload: {
        store: 'demo',
        checkoutId: randomUUID(),
        email: 'Bea@Buyer.example',
        address: { name: 'Bea', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' },
        lines: [{ variantId: variant.id, quantity: 1 }],
      },
    });
    expect(order.statusCode, order.body).toBe(200);
    const started = await chat({ email: 'bea@buyer.example', name: 'Bea', text: LEAK });
    expect(started.statusCode, started.body).toBe(201);
    const { conversationId, token } = started.json();
    const vendorReads = async () => (await caller(t, s.vendor1)('GET', `/api/conversations?conversationId=${conversationId}`)).json();

    // Ordered, not yet delivered: masked, and the mail to the vendor carries no text.
    expect((await vendorReads()).messages[0].text).toBe(MASKED);
    expect((await buyerReads(token, conversationId)).messages[0].text).toBe(MASKED);
    const [ordered] = await t.mailsTo('vendor1@demo.test');
    expect([ordered.subject, ordered.text.includes('Call me')]).toEqual(['New message from Bea', false]);

    // Vendor One ships its part of Bea's order: delivered, as far as the marketplace knows.
    const [part] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, order.json().orderId));
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.vendorOrderId, part.id));
    const shipped = await caller(t, s.vendor1)('POST', `/api/orders/${part.id}/fulfill`, {
      lineItems: lines.map((l) => ({ id: l.id, quantity: l.quantity })),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const vendor = await vendorReads();
    expect(vendor.messages[0]).toMatchObject({ text: LEAK, maskedText: null });
    expect(vendor.conversation).toMatchObject({ lastMessage: LEAK, buyer: { email: 'bea@buyer.example' } });
    expect((await buyerReads(token, conversationId)).messages[0].text).toBe(LEAK);
    // Nothing is hidden from the parties any more, so the moderator has nothing to compare.
    expect((await caller(t, s.admin)('GET', `/api/conversations?conversationId=${conversationId}`)).json().messages[0]).toMatchObject({
      text: LEAK,
      maskedText: null,
    });

    // Mails carry the text again (the next quiet period).
    clock += 16 * 60_000;
    s = await demoSessions(t);
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/conversations/send',
      headers: { 'x-buyer-token': token },
      payload: { conversationId, text: 'My number again: 06-12345678', image: null, replyAs: null },
    });
    expect(reply.json().message.text).toBe('My number again: 06-12345678');
    const [delivered] = await t.mailsTo('vendor1@demo.test');
    expect([delivered.subject, delivered.text.includes('My number again: 06-12345678')]).toEqual(['New message from Bea', true]);

    // Another buyer of the same vendor without a delivered order still reads masked; without a name
    // it shows as the start of its address, whose whole would spell the address out.
    const other = await chat({ email: 'cas.jansen@buyer.example', text: LEAK });
    expect(other.json().message).toMatchObject({ text: MASKED, senderName: 'cas…' });
    const vendorOther = (await caller(t, s.vendor1)('GET', `/api/conversations?conversationId=${other.json().conversationId}`)).json();
    expect([vendorOther.conversation.with, vendorOther.conversation.buyer.name, vendorOther.messages[0].senderName]).toEqual([
      'cas…',
      'cas…',
      'cas…',
    ]);
    const adminOther = (await caller(t, s.admin)('GET', `/api/conversations?conversationId=${other.json().conversationId}`)).json();
    expect([adminOther.conversation.with, adminOther.messages[0].senderName]).toEqual(['cas.jansen', 'cas.jansen']);
    const [otherMail] = await t.mailsTo('vendor1@demo.test');
    expect(otherMail.subject).toBe('New message from cas…');

    // Switched off again: masked for everyone, delivered or not.
    await setConversations({ allowContactAfterDelivery: false });
    expect((await vendorReads()).messages[0].text).toBe(MASKED);
  });
});
