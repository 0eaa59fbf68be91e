import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEMPLATE_NAMES } from '#shared/schemas/notifications';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { jobs, stores, vendorApplications } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';
import { createMailingProviders } from '#server/adapters/mailing/index';
import { startFakeBrevo } from '../../../../test/fakes/fake-brevo.ts';
import { startFakeKlaviyo } from '../../../../test/fakes/fake-klaviyo.ts';
import { readNotificationSettings } from './notification-settings.ts';
import { integrationKeyContext, syncContact } from './sync-contact.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let brevo: Awaited<ReturnType<typeof startFakeBrevo>>;
let klaviyo: Awaited<ReturnType<typeof startFakeKlaviyo>>;
beforeAll(async () => {
  [t, brevo, klaviyo] = await Promise.all([
    createTestApp(),
    startFakeBrevo({ apiKeys: ['xkeysib-valid-key'] }),
    startFakeKlaviyo({ apiKeys: ['pk_valid_key'] }),
  ]);
  t.ctx.mailing = createMailingProviders({ brevo: brevo.baseUrl, klaviyo: klaviyo.baseUrl });
  admin = await t.login(DEMO_ACCOUNTS.admin);
});
afterAll(async () => {
  await Promise.all([t.close(), brevo.close(), klaviyo.close()]);
});

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH';
const asAdmin = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: admin.headers, payload });
const storedSettings = async () => (await t.db.select({ settings: stores.settings }).from(stores).where(eq(stores.id, 'demo')))[0].settings;
const setIntegration = (payload: object) => asAdmin('PATCH', '/api/notifications/integration', payload);
/** The current settings as PUT takes them: the answer without its read-only integration. */
const editableSettings = async () => {
  const { integration: _i, ...editable } = (await asAdmin('GET', '/api/notifications/settings')).json();
  return editable;
};

describe('GET and PUT /api/notifications/settings', () => {
  it('answers the defaults of a store that saved nothing', async () => {
    const res = await asAdmin('GET', '/api/notifications/settings');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      disableAll: false,
      sendingEmail: '',
      digestSendAtHourUtc: 8,
      integration: { service: 'none', hasApiKey: false },
    });
    expect(body.templates['order-reminder-1']).toEqual({ enabled: true, delayInHours: 24 });
    expect(body.templates['auth-invite']).toEqual({ enabled: true });
    expect(Object.keys(body.templates).sort()).toEqual([...TEMPLATE_NAMES].sort());
  });

  it('saves the settings under stores.settings.notifications, leaving the other sections alone', async () => {
    const before = await storedSettings();
    const current = await editableSettings();
    const res = await asAdmin('PUT', '/api/notifications/settings', {
      ...current,
      sendingEmail: 'News@Demo.test',
      digestSendAtHourUtc: 0,
      templates: { ...current.templates, 'offer-rejected': { enabled: false }, 'order-reminder-3': { enabled: true, delayInHours: 96 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sendingEmail: 'news@demo.test', digestSendAtHourUtc: 0 });
    const stored = await storedSettings();
    expect(stored.notifications).toMatchObject({
      sendingEmail: 'news@demo.test',
      digestSendAtHourUtc: 0,
      templates: { 'offer-rejected': { enabled: false }, 'order-reminder-3': { enabled: true, delayInHours: 96 } },
    });
    const { notifications: _n, ...others } = stored;
    const { notifications: _b, ...othersBefore } = before;
    expect(others).toEqual(othersBefore);
    const read = await readNotificationSettings(t.db, 'demo');
    expect(read.templates['offer-rejected'].enabled).toBe(false);
    expect((await asAdmin('GET', '/api/notifications/templates/offer-rejected')).json().enabled).toBe(false);
  });

  it('refuses an hour outside 0-23, a delay that is not a positive integer and a bad sender, changing nothing', async () => {
    const before = await storedSettings();
    const current = await editableSettings();
    const hour = await asAdmin('PUT', '/api/notifications/settings', { ...current, digestSendAtHourUtc: 24 });
    expect(hour.statusCode).toBe(400);
    expect(hour.json()).toEqual({
      message: 'Must be an integer between 0 and 23',
      errors: [{ path: 'digestSendAtHourUtc', message: 'Must be an integer between 0 and 23' }],
    });
    const delay = await asAdmin('PUT', '/api/notifications/settings', {
      ...current,
      templates: { ...current.templates, 'order-reminder-1': { enabled: true, delayInHours: 0 } },
    });
    expect(delay.statusCode).toBe(400);
    expect(delay.json().errors).toEqual([{ path: 'templates.order-reminder-1.delayInHours', message: 'Must be a positive integer' }]);
    const fraction = await asAdmin('PUT', '/api/notifications/settings', {
      ...current,
      templates: { ...current.templates, 'order-reminder-2': { enabled: true, delayInHours: 1.5 } },
    });
    expect(fraction.json().message).toBe('Must be a positive integer');
    const sender = await asAdmin('PUT', '/api/notifications/settings', { ...current, sendingEmail: 'shop at example' });
    expect(sender.json()).toEqual({
      message: 'Must be a valid email',
      errors: [{ path: 'sendingEmail', message: 'Must be a valid email' }],
    });
    expect(await storedSettings()).toEqual(before);
  });

  it('reads a stored section that no longer validates with its valid fields kept', async () => {
    const before = await storedSettings();
    await t.db
      .update(stores)
      .set({ settings: { ...before, notifications: { ...(before.notifications as object), digestSendAtHourUtc: 99, disableAll: true } } })
      .where(eq(stores.id, 'demo'));
    const read = await readNotificationSettings(t.db, 'demo');
    expect(read.digestSendAtHourUtc).toBe(8);
    expect(read.disableAll).toBe(true);
    expect(read.sendingEmail).toBe('news@demo.test');
    await t.db.update(stores).set({ settings: before }).where(eq(stores.id, 'demo'));
  });
});

describe('PATCH /api/notifications/integration', () => {
  it('checks a Brevo key with the provider, stores it encrypted, never answers it, and tells the admins', async () => {
    const calls = brevo.requests.length;
    const res = await setIntegration({ service: 'brevo', apiKey: 'xkeysib-valid-key', listIds: [7] });
    expect(res.statusCode).toBe(200);
    expect(res.json().integration).toEqual({ service: 'brevo', hasApiKey: true, listIds: [7] });
    expect(res.body).not.toContain('xkeysib-valid-key');
    expect(brevo.requests.slice(calls)).toMatchObject([
      { method: 'GET', path: '/v3/account', headers: { 'api-key': 'xkeysib-valid-key' } },
    ]);

    const stored = (await storedSettings()).notifications as { integration: { apiKeyEncrypted: string } };
    expect(JSON.stringify(stored)).not.toContain('xkeysib-valid-key');
    const encryption = await getEncryption(t.db);
    expect(encryption.decrypt(stored.integration.apiKeyEncrypted, integrationKeyContext('demo'))).toBe('xkeysib-valid-key');
    // Sealed for this store: copied to another store it does not open.
    expect(() => encryption.decrypt(stored.integration.apiKeyEncrypted, integrationKeyContext('other'))).toThrow();

    const get = await asAdmin('GET', '/api/notifications/settings');
    expect(get.json().integration).toEqual({ service: 'brevo', hasApiKey: true, listIds: [7] });
    expect(get.body).not.toContain(stored.integration.apiKeyEncrypted);
    const [told] = await t.mailsTo(DEMO_ACCOUNTS.admin);
    expect(told).toMatchObject({ template: 'marketplace-integration-set', subject: 'Brevo is connected to Demo Marketplace' });
  });

  it('keeps the integration when the other settings are saved, and refuses to change it there', async () => {
    const editable = await editableSettings();
    const refused = await asAdmin('PUT', '/api/notifications/settings', { ...editable, integration: { service: 'none' } });
    expect(refused.json()).toEqual({ message: 'Unknown field: integration', errors: [{ path: 'integration', message: 'Unknown field' }] });
    expect((await asAdmin('PUT', '/api/notifications/settings', editable)).statusCode).toBe(200);
    expect((await asAdmin('GET', '/api/notifications/settings')).json().integration).toEqual({
      service: 'brevo',
      hasApiKey: true,
      listIds: [7],
    });
  });

  it('answers 400 with a clear message when the provider refuses the key, changing nothing', async () => {
    const before = await storedSettings();
    const brevoRefused = await setIntegration({ service: 'brevo', apiKey: 'xkeysib-revoked' });
    expect(brevoRefused.statusCode).toBe(400);
    expect(brevoRefused.json()).toEqual({
      message: 'Brevo refused this API key; check that it is complete and active',
      errors: [{ path: 'apiKey', message: 'Brevo refused this API key; check that it is complete and active' }],
    });
    const klaviyoRefused = await setIntegration({ service: 'klaviyo', apiKey: 'pk_wrong' });
    expect(klaviyoRefused.statusCode).toBe(400);
    expect(klaviyoRefused.json().message).toBe('Klaviyo refused this API key; check that it is complete and active');
    brevo.failNext();
    const down = await setIntegration({ service: 'brevo', apiKey: 'xkeysib-valid-key' });
    expect(down.statusCode).toBe(400);
    expect(down.json().message).toBe('Could not check the key with Brevo: Brevo answered 503: Service unavailable');
    expect(await storedSettings()).toEqual(before);
  });

  it('refuses a missing key or an unknown service', async () => {
    const missing = await setIntegration({ service: 'klaviyo' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: 'apiKey', message: 'Required field' }]);
    expect((await setIntegration({ service: 'mailchimp', apiKey: 'x' })).statusCode).toBe(400);
  });

  it('connects Klaviyo with its Authorization and revision headers', async () => {
    const res = await setIntegration({ service: 'klaviyo', apiKey: 'pk_valid_key' });
    expect(res.statusCode).toBe(200);
    expect(res.json().integration).toEqual({ service: 'klaviyo', hasApiKey: true });
    expect(klaviyo.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/api/accounts/',
      headers: { authorization: 'Klaviyo-API-Key pk_valid_key' },
    });
    expect(klaviyo.requests.at(-1)!.headers.revision).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('none disconnects and forgets the key', async () => {
    const res = await setIntegration({ service: 'none', apiKey: 'ignored' });
    expect(res.statusCode).toBe(200);
    expect(res.json().integration).toEqual({ service: 'none', hasApiKey: false });
    expect(((await storedSettings()).notifications as { integration: object }).integration).toEqual({ service: 'none' });
  });
});

describe('contacts pushed to the mailing service (sync-contact jobs)', () => {
  const syncJobs = () => t.db.select().from(jobs).where(eq(jobs.type, 'sync-contact'));

  it('pushes nothing while no integration is set', async () => {
    expect(await syncContact(t.ctx, 'demo', { email: 'x@y.test', attributes: {} })).toBe(false);
    await t.app.inject({ method: 'POST', url: '/api/message/subscribe', payload: { store: 'demo', email: 'early@buyer.test' } });
    await t.ctx.jobs.drain();
    expect(await syncJobs()).toEqual([]);
  });

  it('pushes an approved vendor and a subscriber to Brevo, once each', async () => {
    await setIntegration({ service: 'brevo', apiKey: 'xkeysib-valid-key', listIds: [7] });
    const [application] = await t.db
      .insert(vendorApplications)
      .values({ storeId: 'demo', vendorName: 'Contact Ceramics', email: 'owner@ceramics.test', fields: [] })
      .returning();
    expect((await asAdmin('PUT', `/api/vendors/application/${application.id}/status`, { status: 'approved' })).statusCode).toBe(200);
    const subscribe = await t.app.inject({
      method: 'POST',
      url: '/api/message/subscribe',
      payload: { store: 'demo', email: 'fan@buyer.test' },
    });
    expect(subscribe.statusCode).toBe(201);
    await t.ctx.jobs.drain();
    const pushes = brevo.requests.filter((r) => r.method === 'POST' && r.path === '/v3/contacts');
    expect(pushes.map((r) => r.body)).toEqual([
      { email: 'owner@ceramics.test', attributes: { FIRSTNAME: 'Contact Ceramics' }, listIds: [7], updateEnabled: true },
      { email: 'fan@buyer.test', attributes: {}, listIds: [7], updateEnabled: true },
    ]);
    expect(pushes.every((r) => r.headers['api-key'] === 'xkeysib-valid-key')).toBe(true);
    expect(brevo.contacts.has('owner@ceramics.test')).toBe(true);
    // One job per contact, whatever number of admins the event mailed.
    expect((await syncJobs()).filter((j) => j.status === 'done')).toHaveLength(2);
  });

  it('retries a push the provider failed, with backoff', async () => {
    brevo.failNext();
    expect(await syncContact(t.ctx, 'demo', { email: 'Retry@Buyer.test', attributes: { LASTNAME: 'Retry' } })).toBe(true);
    await t.ctx.jobs.drain();
    const [job] = (await syncJobs()).filter((j) => j.payload.email === 'retry@buyer.test');
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job.lastError).toMatch(/Brevo answered 503/);
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    await t.ctx.jobs.drain();
    expect((await t.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect(brevo.contacts.get('retry@buyer.test')?.attributes).toEqual({ LASTNAME: 'Retry' });
  });

  it('pushes a buyer who wrote to Klaviyo as a profile', async () => {
    await setIntegration({ service: 'klaviyo', apiKey: 'pk_valid_key' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/message/send',
      payload: { store: 'demo', email: 'writer@buyer.test', body: 'Hello' },
    });
    expect(res.statusCode).toBe(201);
    await t.ctx.jobs.drain();
    const push = klaviyo.requests.find((r) => r.method === 'POST' && r.path === '/api/profiles/');
    expect(push?.body).toEqual({ data: { type: 'profile', attributes: { email: 'writer@buyer.test', properties: {} } } });
    expect(push?.headers.authorization).toBe('Klaviyo-API-Key pk_valid_key');
  });
});
