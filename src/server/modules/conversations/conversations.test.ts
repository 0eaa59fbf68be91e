import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { conversationMessages, conversations, productVariants, vendorOrders } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let mug: string;
let lamp: string;
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
  lamp = await saveProduct(t, s.admin, {
    title: 'Desk lamp',
    vendor: 'Vendor Two',
    status: 'ACTIVE',
    variants: [{ price: '80.00', stock: 5, sku: 'LAMP-1' }],
  });
});
afterAll(() => t.close());

const chat = (body: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/conversations/chat-with-seller',
    headers: token ? { 'x-buyer-token': token } : {},
    payload: { store: 'demo', ...body },
  });
const asBuyer = (token: string) => ({
  list: (query = '') => t.app.inject({ method: 'GET', url: `/api/conversations${query}`, headers: { 'x-buyer-token': token } }),
  send: (payload: object) => t.app.inject({ method: 'PUT', url: '/api/conversations/send', headers: { 'x-buyer-token': token }, payload }),
});
const status = async (session: Session) => (await caller(t, session)('GET', '/api/app/status')).json().missedMessages as number;

describe('conversations', () => {
  it('a buyer writes to a seller, the seller reads and answers, each side is mailed once per quiet period', async () => {
    const first = await chat({
      productId: mug,
      email: 'Ann@Buyer.example',
      name: 'Ann',
      text: 'Is it dishwasher safe? Mail me at ann@gmail.com',
    });
    expect(first.statusCode, first.body).toBe(201);
    const { conversationId, token } = first.json();

    // Vendor One sees it unread, masked; Vendor Two does not see it at all.
    expect(await status(s.vendor1)).toBe(1);
    expect(await status(s.vendor2)).toBe(0);
    const v1 = caller(t, s.vendor1);
    const inbox = (await v1('GET', '/api/conversations?status=unread')).json();
    expect(inbox).toMatchObject({ count: 1, pageCount: 1, conversation: null, messages: [] });
    expect(inbox.conversations[0]).toEqual({
      conversationId,
      buyer: { name: 'Ann', email: null, isBanned: false },
      seller: { id: expect.any(String), name: 'Vendor One' },
      product: { id: mug, title: 'Blue mug' },
      order: null,
      ctas: [{ label: 'View product', redirect: `/products/${mug}`, variant: 'info' }],
      lastMessage: 'Is it dishwasher safe? Mail me at [hidden]',
      isAnswered: false,
      lastMessageCreatedAt: '2026-11-25T10:00:00.000Z',
      unreadCount: 1,
      with: 'Ann',
    });
    expect((await caller(t, s.vendor2)('GET', '/api/conversations')).json()).toMatchObject({ count: 0, conversations: [] });
    const vendorMail = await t.mailsTo('vendor1@demo.test');
    expect(vendorMail).toHaveLength(1);
    expect(vendorMail[0].subject).toBe('New message from Ann');
    expect(vendorMail[0].text).not.toContain('dishwasher');

    // Admins read it as written, with the buyer's address and the moderation buttons.
    const adminView = (await caller(t, s.admin)(`GET`, `/api/conversations?conversationId=${conversationId}`)).json();
    expect(adminView.conversation.buyer.email).toBe('ann@buyer.example');
    expect(adminView.messages[0].text).toBe('Is it dishwasher safe? Mail me at ann@gmail.com');
    expect(adminView.conversation.ctas.map((c: { label: string }) => c.label)).toEqual([
      'View product',
      'Ban buyer',
      'Delete conversation',
    ]);
    // The marketplace view moderates: the vendor's message stays unread.
    expect(await status(s.vendor1)).toBe(1);

    // The vendor opens it: read, then answers.
    const opened = (await v1('GET', `/api/conversations?conversationId=${conversationId}`)).json();
    expect(opened.messages).toEqual([
      expect.objectContaining({ sender: 'buyer', senderName: 'Ann', text: 'Is it dishwasher safe? Mail me at [hidden]', image: null }),
    ]);
    expect(opened.conversation.unreadCount).toBe(0);
    expect(await status(s.vendor1)).toBe(0);
    const answer = await v1('PUT', '/api/conversations/send', { conversationId, text: 'Yes it is!', image: null, replyAs: null });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toMatchObject({ sender: 'seller', senderName: 'Vendor One', text: 'Yes it is!' });
    const buyerMail = await t.mailsTo('ann@buyer.example');
    expect(buyerMail).toHaveLength(1);
    expect(buyerMail[0].subject).toBe('New message from Vendor One');
    const link = /http:\/\/127\.0\.0\.1:3000\/app\/chat\/([\w.-]+)/.exec(buyerMail[0].html)![1];
    expect(link).toBe(token);

    // The buyer reads the answer with its token and writes again: no second mail within 15 minutes.
    const buyer = asBuyer(token);
    const seen = (await buyer.list(`?conversationId=${conversationId}`)).json();
    expect(seen.conversations).toHaveLength(1);
    expect(seen.conversation).toMatchObject({ with: 'Vendor One', unreadCount: 0, isAnswered: true });
    expect(seen.messages.map((m: { text: string }) => m.text)).toEqual(['Is it dishwasher safe? Mail me at [hidden]', 'Yes it is!']);
    clock += 60_000;
    expect((await buyer.send({ conversationId, text: 'Great, thanks', image: null, replyAs: null })).statusCode).toBe(200);
    expect(await t.mailsTo('vendor1@demo.test')).toHaveLength(1);
    clock += 16 * 60_000;
    s = await demoSessions(t); // the access tokens of 15 minutes ran out
    expect((await buyer.send({ conversationId, text: 'One more thing', image: null, replyAs: null })).statusCode).toBe(200);
    expect(await t.mailsTo('vendor1@demo.test')).toHaveLength(2);
    expect(await status(s.vendor1)).toBe(2);
    // A buyer cannot pose as the seller, nor reach another conversation with its token.
    expect((await buyer.send({ conversationId, text: 'x', image: null, replyAs: 'seller' })).statusCode).toBe(403);
    expect((await buyer.send({ conversationId: randomUUID(), text: 'x', image: null, replyAs: null })).statusCode).toBe(404);
    expect((await asBuyer(`${token}x`).list()).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations' })).statusCode).toBe(401);

    // Writing again about the same product without the token is refused (someone typing Ann's address).
    const again = await chat({ productId: mug, email: 'ann@buyer.example', text: 'hello' });
    expect(again.statusCode).toBe(409);
    expect((await chat({ productId: mug, email: 'ann@buyer.example', text: 'hello' }, token)).statusCode).toBe(201);
  });

  it('validates messages with the spec limit, keeps admins replying as they choose and vendors as the seller', async () => {
    const { conversationId } = (await chat({ productId: lamp, email: 'bo@buyer.example', text: 'Does it come with a bulb?' })).json();
    const admin = caller(t, s.admin);
    const tooLong = await admin('PUT', '/api/conversations/send', { conversationId, text: 'x'.repeat(501), image: null, replyAs: null });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([{ path: 'text', message: 'Must be at most 500 characters' }]);
    expect((await admin('PUT', '/api/conversations/send', { conversationId, text: '', image: null, replyAs: null })).json().message).toBe(
      'Write a message or add an image',
    );
    expect((await admin('PUT', '/api/conversations/send', { conversationId, text: 'hi', image: null })).json().errors).toEqual([
      { path: 'replyAs', message: 'Required field' },
    ]);
    expect(
      (await admin('PUT', '/api/conversations/send', { conversationId, text: 'hi', image: 'http://evil.example/x.png', replyAs: null }))
        .statusCode,
    ).toBe(400);
    const asSeller = await admin('PUT', '/api/conversations/send', { conversationId, text: 'It does.', image: null, replyAs: 'seller' });
    expect(asSeller.json().message).toMatchObject({ sender: 'seller', senderName: 'Vendor Two' });
    const asAdmin = await admin('PUT', '/api/conversations/send', {
      conversationId,
      text: 'Marketplace here.',
      image: null,
      replyAs: null,
    });
    expect(asAdmin.json().message).toMatchObject({ sender: 'admin', senderName: 'Demo Marketplace' });
    expect(
      (await caller(t, s.vendor2)('PUT', '/api/conversations/send', { conversationId, text: 'x', image: null, replyAs: 'admin' }))
        .statusCode,
    ).toBe(403);

    // An image uploaded through the messages proxy goes with the message.
    const upload = await caller(t, s.vendor2)('PUT', '/api/cdn/messages?ext=png&name=bulb.png');
    expect(upload.statusCode, upload.body).toBe(200);
    const withImage = await caller(t, s.vendor2)('PUT', '/api/conversations/send', {
      conversationId,
      text: '',
      image: upload.json().location,
      replyAs: null,
    });
    expect(withImage.statusCode, withImage.body).toBe(200);
    expect(withImage.json().message.image).toBe(upload.json().location);
  });

  it("never shows or changes another vendor's conversations, and moderation is for admins", async () => {
    const { conversationId } = (await chat({ productId: lamp, email: 'cy@buyer.example', text: 'Hello lamp seller' })).json();
    const v1 = caller(t, s.vendor1);
    const before = await t.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, conversationId));
    expect((await v1('GET', `/api/conversations?conversationId=${conversationId}`)).statusCode).toBe(404);
    expect((await v1('PUT', '/api/conversations/send', { conversationId, text: 'mine now', image: null, replyAs: null })).statusCode).toBe(
      404,
    );
    expect((await v1('POST', '/api/conversations/moderate', { conversationId, action: 'delete' })).statusCode).toBe(403);
    expect((await v1('GET', '/api/conversations?q=lamp')).json().count).toBe(0);
    expect(await t.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, conversationId))).toHaveLength(
      before.length,
    );

    // Ban: the buyer can no longer write, anywhere in the store.
    const admin = caller(t, s.admin);
    expect((await admin('POST', '/api/conversations/moderate', { conversationId, action: 'ban' })).statusCode).toBe(200);
    const banned = await chat({ productId: mug, email: 'cy@buyer.example', text: 'Hello mug seller' });
    expect(banned.statusCode).toBe(403);
    expect(banned.json().message).toBe('You can no longer send messages in this marketplace');
    expect((await admin('GET', `/api/conversations?conversationId=${conversationId}`)).json().conversation.buyer.isBanned).toBe(true);
    // Delete: gone with its messages.
    expect((await admin('POST', '/api/conversations/moderate', { conversationId, action: 'delete' })).statusCode).toBe(200);
    expect(await t.db.select().from(conversations).where(eq(conversations.id, conversationId))).toEqual([]);
    expect(await t.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, conversationId))).toEqual([]);
    expect((await admin('POST', '/api/conversations/moderate', { conversationId, action: 'delete' })).statusCode).toBe(404);
  });

  it("opens the conversation with an order's buyer for its vendor only", async () => {
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, mug));
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      payload: {
        store: 'demo',
        checkoutId: randomUUID(),
        email: 'dee@buyer.example',
        address: { name: 'Dee', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' },
        lines: [{ variantId: variant.id, quantity: 1 }],
      },
    });
    expect(order.statusCode, order.body).toBe(200);
    const [part] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, order.json().orderId));
    expect((await caller(t, s.vendor2)('GET', `/api/conversations/chat-with-buyer?orderId=${part.id}`)).statusCode).toBe(404);
    const opened = await caller(t, s.vendor1)('GET', `/api/conversations/chat-with-buyer?orderId=${part.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const again = await caller(t, s.vendor1)('GET', `/api/conversations/chat-with-buyer?orderId=${part.id}`);
    expect(again.json().conversationId).toBe(opened.json().conversationId);
    const view = (await caller(t, s.vendor1)('GET', `/api/conversations?conversationId=${opened.json().conversationId}`)).json();
    expect(view.conversation).toMatchObject({
      with: 'Dee',
      order: { id: part.id, name: part.orderName },
      ctas: [{ label: 'View order', redirect: `/orders/${part.id}`, variant: 'primary' }],
    });
    expect(view.messages).toEqual([]);

    // The order ships to the Netherlands: its buyer is written to in Dutch, as its documents are.
    const sent = await caller(t, s.vendor1)('PUT', '/api/conversations/send', {
      conversationId: opened.json().conversationId,
      text: 'Your mug is on its way',
      image: null,
      replyAs: null,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = (await t.mailsTo('dee@buyer.example')).filter((m) => m.template === 'buyer-new-message');
    expect(mail.subject).toBe('Nieuw bericht van Vendor One');
    expect(mail.text).toContain('Lezen en antwoorden');
  });

  it('limits how much one buyer writes, whatever address it writes from', async () => {
    const email = 'spam@buyer.example';
    const first = (await chat({ productId: lamp, email, text: 'message 1' })).json();
    const buyer = asBuyer(first.token);
    const answers = [];
    for (let i = 2; i <= 21; i++)
      answers.push(
        (await buyer.send({ conversationId: first.conversationId, text: `message ${i}`, image: null, replyAs: null })).statusCode,
      );
    expect(answers.filter((code) => code === 200)).toHaveLength(19);
    const refused = await buyer.send({ conversationId: first.conversationId, text: 'again', image: null, replyAs: null });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many messages, please try again later');
  });

  it('a buyer writes to a seller by its name (targetVendor, at least 3 characters): one conversation about neither product nor order', async () => {
    clock += 24 * 3_600_000; // past the limits the test before used up
    s = await demoSessions(t);
    const tooShort = await chat({ targetVendor: 'Ve', email: 'fay@buyer.example', text: 'Hello' });
    expect([tooShort.statusCode, tooShort.json().errors]).toEqual([
      400,
      [{ path: 'targetVendor', message: 'Must be at least 3 characters' }],
    ]);
    expect((await chat({ email: 'fay@buyer.example', text: 'Hello' })).json().errors).toEqual([
      { path: 'productId', message: 'Name the product or the seller to write to' },
    ]);
    expect((await chat({ productId: mug, targetVendor: 'Vendor One', email: 'fay@buyer.example', text: 'Hello' })).statusCode).toBe(400);
    const unknown = await chat({ targetVendor: 'Nobody Here', email: 'fay@buyer.example', text: 'Hello' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'This seller is not available']);

    const first = await chat({ targetVendor: 'Vendor One', email: 'fay@buyer.example', text: 'Do you make custom mugs?' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await chat({ targetVendor: 'Vendor One', email: 'fay@buyer.example', text: 'In blue?' }, first.json().token);
    expect(again.json().conversationId).toBe(first.json().conversationId);
    const [row] = await t.db.select().from(conversations).where(eq(conversations.id, first.json().conversationId));
    expect(row).toMatchObject({ productId: null, vendorOrderId: null, messageCount: 2, lastSender: 'buyer' });
    const inbox = (await caller(t, s.vendor1)('GET', `/api/conversations?conversationId=${row.id}`)).json();
    expect(inbox.messages.map((m: { text: string }) => m.text)).toEqual(['Do you make custom mugs?', 'In blue?']);
    const foreign = await caller(t, s.vendor2)('GET', `/api/conversations?conversationId=${row.id}`);
    expect(foreign.json().conversation ?? null, foreign.body).toBeNull();
    expect(foreign.json().messages ?? []).toEqual([]);
  });
});
