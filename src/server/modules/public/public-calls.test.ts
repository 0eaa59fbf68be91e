import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { platformInstallations, publicMessages, storeHosts, stores, users } from '#server/db/schema/index';

let t: TestApp;
let address = 0;
/** Every test calls from its own address, so the per-address limits of one test never leak into another. */
const nextIp = () => `10.1.0.${++address}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(stores).values({ id: 'quiet', shopName: 'Quiet Market', settings: {} });
  await t.db.insert(storeHosts).values({ host: 'market.example', storeId: 'quiet' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, remoteAddress = nextIp(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress, headers });
const rowsOf = (storeId: string, kind: 'message' | 'contact-form' | 'subscribe') =>
  t.db
    .select()
    .from(publicMessages)
    .where(and(eq(publicMessages.storeId, storeId), eq(publicMessages.kind, kind)));

describe('POST /api/message/send', () => {
  it('stores the message and mails it to the store support address', async () => {
    const res = await post('/api/message/send', {
      store: 'demo',
      email: ' Buyer@Example.com ',
      body: 'Is the <b>vase</b> still available?\nThanks',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const [row] = await rowsOf('demo', 'message');
    expect(row).toMatchObject({ email: 'buyer@example.com', body: 'Is the <b>vase</b> still available?\nThanks' });
    const [mail] = await t.mailsTo('support@demo.test');
    expect(mail.subject).toBe('New message from buyer@example.com');
    expect(mail.html).toContain('From: buyer@example.com');
    // Buyer text is escaped into the mail, never rendered as HTML.
    expect(mail.html).toContain('Is the &lt;b&gt;vase&lt;/b&gt; still available?');
    expect(mail.html).not.toContain('<b>vase</b>');
  });

  it("mails the store's admins when it has no support address, finding the store by its host", async () => {
    await t.db.insert(stores).values({ id: 'nosupport', shopName: 'No Support', settings: {} });
    await t.db.insert(users).values({ storeId: 'nosupport', email: 'boss@nosupport.test', isAdmin: true });
    await t.db.insert(storeHosts).values({ host: 'nosupport.example', storeId: 'nosupport' });
    const res = await post('/api/message/send', { email: 'b@example.com', body: 'Hello' }, nextIp(), { host: 'nosupport.example' });
    expect(res.statusCode).toBe(201);
    expect(await rowsOf('nosupport', 'message')).toHaveLength(1);
    expect(await t.mailsTo('boss@nosupport.test')).toHaveLength(1);
  });

  it('refuses a missing e-mail, a bad e-mail, an empty or oversize body with 400 and the message', async () => {
    const missing = await post('/api/message/send', { store: 'demo', body: 'Hi' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Required field');
    const bad = await post('/api/message/send', { store: 'demo', email: 'not-an-email', body: 'Hi' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Must be a valid email');
    const empty = await post('/api/message/send', { store: 'demo', email: 'a@b.co', body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Required field', errors: [{ path: 'body' }] });
    const oversize = await post('/api/message/send', { store: 'demo', email: 'a@b.co', body: 'x'.repeat(5001) });
    expect(oversize.statusCode).toBe(400);
    expect(oversize.json().message).toBe('Must be at most 5000 characters');
  });

  it('answers 404 for an unknown store and stores nothing', async () => {
    const res = await post('/api/message/send', { store: 'nowhere', email: 'a@b.co', body: 'Hi' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Unknown store' });
  });

  it('answers 429 after 5 messages a minute from one address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await post('/api/message/send', { store: 'quiet', email: 'a@b.co', body: `m${i}` }, ip)).statusCode).toBe(201);
    const blocked = await post('/api/message/send', { store: 'quiet', email: 'a@b.co', body: 'one more' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many attempts, please try again later' });
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await post('/api/message/send', { store: 'quiet', email: 'a@b.co', body: 'other address' })).statusCode).toBe(201);
    expect(await rowsOf('quiet', 'message')).toHaveLength(6);
  });
});

describe('POST /api/message/contact-form', () => {
  it('stores the fields and mails them to support, with the e-mail field normalised', async () => {
    const data = { name: 'Ann', email: 'Ann@Example.com', message: 'Do you ship to Belgium?' };
    const res = await post('/api/message/contact-form', { store: 'demo', data });
    expect(res.statusCode).toBe(201);
    const [row] = await rowsOf('demo', 'contact-form');
    expect(row).toMatchObject({ email: 'ann@example.com', data });
    const mail = (await t.mailsTo('support@demo.test')).find((m) => m.subject === 'Contact form on Demo Marketplace');
    expect(mail?.html).toContain('message: Do you ship to Belgium?');
    expect(mail?.html).toContain('From: ann@example.com');
  });

  it('takes the store from the query too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/message/contact-form?store=quiet',
      payload: { data: { question: 'Hi' } },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    expect(await rowsOf('quiet', 'contact-form')).toHaveLength(1);
  });

  it('refuses missing or empty data, a bad e-mail field, non-text values, too many or oversize fields', async () => {
    const cases: [unknown, string][] = [
      [{ store: 'demo' }, 'Required field'],
      [{ store: 'demo', data: {} }, 'Required field'],
      [{ store: 'demo', data: { email: 'nope' } }, 'Must be a valid email'],
      [{ store: 'demo', data: { n: 3 } }, 'Must be text'],
      [{ store: 'demo', data: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, 'x'])) }, 'At most 30 fields'],
      [{ store: 'demo', data: { message: 'x'.repeat(5001) } }, 'Must be at most 5000 characters'],
      [{ store: 'demo', data: { ['k'.repeat(101)]: 'x' } }, 'Must be at most 100 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/message/contact-form', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    expect((await post('/api/message/contact-form', { store: 'nowhere', data: { a: 'b' } })).statusCode).toBe(404);
  });
});

describe('POST /api/message/subscribe', () => {
  it('stores one row per store and address, mails support once, and answers the same twice', async () => {
    const first = await post('/api/message/subscribe', { store: 'demo', email: 'fan@example.com' });
    const second = await post('/api/message/subscribe', { store: 'demo', email: ' FAN@example.com' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect((await rowsOf('demo', 'subscribe')).filter((r) => r.email === 'fan@example.com')).toHaveLength(1);
    const mails = (await t.mailsTo('support@demo.test')).filter((m) => m.subject === 'New subscriber: fan@example.com');
    expect(mails).toHaveLength(1);
    // The same address may subscribe to another marketplace.
    expect((await post('/api/message/subscribe', { store: 'quiet', email: 'fan@example.com' })).statusCode).toBe(201);
    expect(await rowsOf('quiet', 'subscribe')).toHaveLength(1);
  });

  it('refuses a missing or bad e-mail and an unknown store', async () => {
    expect((await post('/api/message/subscribe', { store: 'demo' })).json().message).toBe('Required field');
    expect((await post('/api/message/subscribe', { store: 'demo', email: 'x@' })).json().message).toBe('Must be a valid email');
    expect((await post('/api/message/subscribe', { store: 'nowhere', email: 'a@b.co' })).statusCode).toBe(404);
  });

  it('answers 429 after 10 subscriptions a minute from one address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++)
      expect((await post('/api/message/subscribe', { store: 'quiet', email: `s${i}@b.co` }, ip)).statusCode).toBe(201);
    expect((await post('/api/message/subscribe', { store: 'quiet', email: 's10@b.co' }, ip)).statusCode).toBe(429);
  });
});

describe('GET /api/styles.css', () => {
  it("answers the store's colours as CSS custom properties, cacheable", async () => {
    await t.db
      .update(stores)
      .set({ settings: { colors: { indigo600: '#112233', indigo800: '#445566', orange800: '#AA5500', green800: '#00aa00' } } })
      .where(eq(stores.id, 'quiet'));
    const res = await t.app.inject({ method: 'GET', url: '/api/styles.css?store=quiet', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toContain('--color-indigo-600: #112233;');
    expect(res.body).toContain('--color-indigo-800: #445566;');
    expect(res.body).toContain('--color-orange-800: #aa5500;');
    expect(res.body).toContain('--color-green-800: #00aa00;');
    expect(res.body).toContain('.mp-bg-primary');
  });

  it('uses the defaults for the demo store and goes by the host without ?store=', async () => {
    const demo = await t.app.inject({ method: 'GET', url: '/api/styles.css', remoteAddress: nextIp() });
    expect(demo.body).toContain('--color-indigo-600: #4f46e5;');
    const byHost = await t.app.inject({
      method: 'GET',
      url: '/api/styles.css',
      headers: { host: 'market.example' },
      remoteAddress: nextIp(),
    });
    expect(byHost.body).toContain('--color-indigo-600: #112233;');
  });

  it('never writes a stored value that is not a colour (no CSS injection)', async () => {
    await t.db.insert(stores).values({
      id: 'evil',
      shopName: 'Evil',
      settings: { colors: { indigo600: 'red;} body{display:none} :root{--x:1', indigo800: '#000000' } },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/styles.css?store=evil', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('display:none');
    expect(res.body).toContain('--color-indigo-600: #4f46e5;');
  });

  it('answers 404 for an unknown store and 400 for a malformed one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/styles.css?store=nowhere', remoteAddress: nextIp() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/styles.css?store=%3Cx%3E', remoteAddress: nextIp() })).statusCode).toBe(400);
  });
});

describe('GET /api/logo/{store}', () => {
  it('answers the text logo as JSON with the shop name', async () => {
    await t.db
      .update(stores)
      .set({ settings: { logoText: { value: 'DEMO', selected: 'value' } } })
      .where(eq(stores.id, 'quiet'));
    const res = await t.app.inject({ method: 'GET', url: '/api/logo/quiet', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ value: 'DEMO', src: '', selected: 'value', shopName: 'Quiet Market' });
  });

  it('redirects to the image when the image logo is selected', async () => {
    await t.db
      .update(stores)
      .set({ settings: { logoText: { src: 'https://cdn.example.com/logo.png', selected: 'src' } } })
      .where(eq(stores.id, 'quiet'));
    const res = await t.app.inject({ method: 'GET', url: '/api/logo/quiet', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://cdn.example.com/logo.png');
  });

  it('does not redirect to a script URL; answers JSON instead', async () => {
    await t.db
      .update(stores)
      .set({ settings: { logoText: { src: 'javascript:alert(1)', selected: 'src' } } })
      .where(eq(stores.id, 'quiet'));
    const res = await t.app.inject({ method: 'GET', url: '/api/logo/quiet', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json().selected).toBe('src');
  });

  it('answers 404 for an unknown store', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/logo/nowhere', remoteAddress: nextIp() })).statusCode).toBe(404);
  });
});

describe('GET /api/subscription/changed', () => {
  it("stamps the store's installation and answers ok", async () => {
    const old = new Date('2024-01-01T00:00:00Z');
    await t.db
      .insert(platformInstallations)
      .values({ shop: 'quiet.myshopify.com', storeId: 'quiet', accessTokenEnc: 'v1.x.y.z', plan: 'basic', updatedAt: old });
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription/changed?store=quiet', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [row] = await t.db.select().from(platformInstallations).where(eq(platformInstallations.shop, 'quiet.myshopify.com'));
    expect(row.updatedAt.getTime()).toBeGreaterThan(old.getTime());
    // Unsigned, so it cannot set a plan.
    expect(row.plan).toBe('basic');
  });

  it('answers ok for a store without an installation, 404 for an unknown store, 400 without a store', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription/changed?store=demo', remoteAddress: nextIp() })).json()).toEqual({
      ok: true,
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/subscription/changed?store=nowhere', remoteAddress: nextIp() });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription/changed', remoteAddress: nextIp() })).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('lists every public call with its policy', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const path of [
      '/api/message/send',
      '/api/message/contact-form',
      '/api/message/subscribe',
      '/api/styles.css',
      '/api/logo/{store}',
      '/api/subscription/changed',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const policies = t.routes.filter((r) => r.url.startsWith('/api/message/') || r.url === '/api/styles.css').map((r) => r.policy);
    expect(policies.every((p) => p === 'public')).toBe(true);
  });
});
