import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SPEC_TEMPLATES, TEMPLATE_NAMES } from '#shared/schemas/notifications';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { notificationTemplates, outboxEmails } from '#server/db/schema/index';
import { TEMPLATES } from './templates/index.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let vendor: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO_ACCOUNTS.admin);
  vendor = await t.login(DEMO_ACCOUNTS.vendor1);
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH';
const call = (who: { headers: Record<string, string> }, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });
const asAdmin = (method: Method, url: string, payload?: object) => call(admin, method, url, payload);
const overrides = (template: string) =>
  t.db
    .select()
    .from(notificationTemplates)
    .where(and(eq(notificationTemplates.storeId, 'demo'), eq(notificationTemplates.template, template)));

describe('GET /api/notifications/templates', () => {
  it('lists every template in the spec order with enabled, customised and a description', async () => {
    const res = await asAdmin('GET', '/api/notifications/templates');
    expect(res.statusCode).toBe(200);
    const { templates } = res.json() as { templates: { name: string; enabled: boolean; customised: boolean; description: string }[] };
    expect(templates.map((x) => x.name)).toEqual([...TEMPLATE_NAMES]);
    expect(templates.slice(0, 24).map((x) => x.name)).toEqual([...SPEC_TEMPLATES]);
    expect(templates[0]).toEqual({
      name: 'vendor-new-message',
      enabled: true,
      customised: false,
      description: TEMPLATES['vendor-new-message'].description,
    });
  });
});

describe('GET /api/notifications/templates/{template}', () => {
  it('answers the default body and subject, the variables with samples and enabled', async () => {
    const res = await asAdmin('GET', '/api/notifications/templates/order-placed');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'order-placed',
      htmlBody: TEMPLATES['order-placed'].html,
      defaultHtml: TEMPLATES['order-placed'].html,
      subject: 'New order {{ order_name }}',
      defaultSubject: 'New order {{ order_name }}',
      enabled: true,
      customised: false,
    });
    expect(body.variables.order_name).toEqual({ description: 'the order number', sample: '#1042' });
    expect(body.variables.shop_name.description).toBe('the name of the marketplace');
    expect(body.variables.line_items.sample).toHaveLength(2);
  });

  it('answers 404 for an unknown template', async () => {
    const res = await asAdmin('GET', '/api/notifications/templates/not-a-template');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Unknown template' });
  });
});

describe('PUT /api/notifications/templates/{template}', () => {
  it('saves the body and subject; GET and the list show them; the mail uses them', async () => {
    const htmlBody = '<p>Dear {{ vendor }}, we are sorry. {{ shop_name }}</p>';
    const res = await asAdmin('PUT', '/api/notifications/templates/vendor-rejection', { htmlBody, subject: 'Sorry {{ vendor }}' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      htmlBody,
      subject: 'Sorry {{ vendor }}',
      defaultHtml: TEMPLATES['vendor-rejection'].html,
      customised: true,
    });
    expect((await asAdmin('GET', '/api/notifications/templates/vendor-rejection')).json()).toMatchObject({ htmlBody, customised: true });
    const list = (await asAdmin('GET', '/api/notifications/templates')).json().templates as { name: string; customised: boolean }[];
    expect(list.find((x) => x.name === 'vendor-rejection')?.customised).toBe(true);

    await t.ctx.mailer.send({ storeId: 'demo', template: 'vendor-rejection', to: 'applicant@shop.test', vars: { vendor: 'Bad & Co' } });
    const [mail] = await t.mailsTo('applicant@shop.test');
    expect(mail.subject).toBe('Sorry Bad & Co');
    expect(mail.html).toBe('<p>Dear Bad &amp; Co, we are sorry. Demo Marketplace</p>');
    expect(mail.text).toBe('Dear Bad & Co, we are sorry. Demo Marketplace');
  });

  it('keeps the saved subject when none is sent; an empty body resets the body to the default', async () => {
    await asAdmin('PUT', '/api/notifications/templates/product-approved', { htmlBody: '<p>Yes</p>', subject: 'Approved!' });
    const kept = await asAdmin('PUT', '/api/notifications/templates/product-approved', { htmlBody: '<p>Yes again</p>' });
    expect(kept.json()).toMatchObject({ htmlBody: '<p>Yes again</p>', subject: 'Approved!' });
    const reset = await asAdmin('PUT', '/api/notifications/templates/product-approved', { htmlBody: '' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ htmlBody: TEMPLATES['product-approved'].html, subject: 'Approved!', customised: true });
    const both = await asAdmin('PUT', '/api/notifications/templates/product-approved', { htmlBody: ' ', subject: '' });
    expect(both.json()).toMatchObject({
      htmlBody: TEMPLATES['product-approved'].html,
      subject: TEMPLATES['product-approved'].subject,
      customised: false,
    });
    expect(await overrides('product-approved')).toEqual([]);
  });

  it('refuses a template that does not parse with the Liquid message and its line/col, saving nothing', async () => {
    const res = await asAdmin('PUT', '/api/notifications/templates/order-placed', { htmlBody: '<p>ok</p>\n<p>{{ order_name </p>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid template: .*not closed, line:2, col:4/);
    expect(res.json().errors).toEqual([{ path: 'htmlBody', message: res.json().message }]);
    const badSubject = await asAdmin('PUT', '/api/notifications/templates/order-placed', { htmlBody: '<p>fine</p>', subject: '{% if %}' });
    expect(badSubject.statusCode).toBe(400);
    expect(badSubject.json().errors[0].path).toBe('subject');
    const badFilter = await asAdmin('PUT', '/api/notifications/templates/order-placed', { htmlBody: '{{ order_name | shell }}' });
    expect(badFilter.json().message).toMatch(/undefined filter: shell/);
    expect(await overrides('order-placed')).toEqual([]);
  });

  it('refuses file tags (include, render, layout) so none ever runs', async () => {
    for (const htmlBody of ["{% include '/etc/passwd' %}", "{% render 'x' %}", "{% layout 'x' %}"]) {
      const res = await asAdmin('PUT', '/api/notifications/templates/order-placed', { htmlBody });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/tag is not allowed in e-mail templates, line:1, col:1/);
    }
    expect(await overrides('order-placed')).toEqual([]);
  });

  it('answers 404 for an unknown template and 400 without a body', async () => {
    expect((await asAdmin('PUT', '/api/notifications/templates/nope', { htmlBody: 'x' })).statusCode).toBe(404);
    const res = await asAdmin('PUT', '/api/notifications/templates/order-placed', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: 'htmlBody', message: 'Required field' });
  });
});

describe('POST /api/notifications/templates/{template}/preview', () => {
  it("renders the body being edited with the samples merged with params, amounts in the store's currency", async () => {
    const res = await asAdmin('POST', '/api/notifications/templates/offer-received/preview', {
      htmlBody: '<p>{{ vendor }} got {{ offer_amount }} from {{ buyer_email }} on {{ shop_name }}</p>',
      subject: 'Offer: {{ product_title }}',
      params: { vendor: 'Param Shop' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      subject: 'Offer: Handmade ceramic mug',
      // The demo store keeps the default currency, US dollars.
      html: '<p>Param Shop got $20.00 from alex@buyer.example on Demo Marketplace</p>',
    });
  });

  it('renders the saved template when no body is sent', async () => {
    const res = await asAdmin('POST', '/api/notifications/templates/auth-invite/preview', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().html).toContain('Welcome Green Pottery!');
    expect(res.json().subject).toBe('Your Demo Marketplace account is ready');
  });

  it('answers 400 with the Liquid message for a body that does not parse or render', async () => {
    const parse = await asAdmin('POST', '/api/notifications/templates/auth-invite/preview', { htmlBody: '{% for x in %}' });
    expect(parse.statusCode).toBe(400);
    expect(parse.json().message).toMatch(/^Invalid template: .*line:1, col:1/);
    const render = await asAdmin('POST', '/api/notifications/templates/auth-invite/preview', { htmlBody: '{{ vendor | prepend: }}' });
    expect(render.statusCode).toBe(400);
    expect(render.json().message).toMatch(/prepend expect 2 arguments/);
    expect((await asAdmin('POST', '/api/notifications/templates/nope/preview', {})).statusCode).toBe(404);
  });
});

describe('POST /api/notifications/templates/{template}/test-email', () => {
  it('queues the template rendered with the samples merged with params; sent even when disabled', async () => {
    const { integration: _i, ...settings } = (await asAdmin('GET', '/api/notifications/settings')).json();
    expect((await asAdmin('PUT', '/api/notifications/settings', { ...settings, disableAll: true })).statusCode).toBe(200);
    const res = await asAdmin('POST', '/api/notifications/templates/product-unapproved/test-email', {
      email: 'Tester@Shop.test',
      params: { product_title: 'Blue vase' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    // Queued, not sent by the request.
    expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'tester@shop.test'))).toEqual([]);
    const [mail] = await t.mailsTo('tester@shop.test');
    expect(mail.subject).toBe('[Test] Blue vase needs changes');
    expect(mail.html).toContain('Hello Green Pottery, <strong>Blue vase</strong> is no longer approved on Demo Marketplace');
    expect(mail.transport).toBe('outbox');
    await asAdmin('PUT', '/api/notifications/settings', { ...settings, disableAll: false });
  });

  it('refuses a bad address (400) and an unknown template (404)', async () => {
    const bad = await asAdmin('POST', '/api/notifications/templates/auth-invite/test-email', { email: 'nope', params: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Must be a valid email', errors: [{ path: 'email', message: 'Must be a valid email' }] });
    expect((await asAdmin('POST', '/api/notifications/templates/nope/test-email', { email: 'a@b.test' })).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('answers 403 to a vendor on every notification call, changing nothing', async () => {
    const calls: [Method, string, object?][] = [
      ['GET', '/api/notifications/templates'],
      ['GET', '/api/notifications/templates/order-placed'],
      ['PUT', '/api/notifications/templates/order-placed', { htmlBody: '<p>vendor was here</p>' }],
      ['POST', '/api/notifications/templates/order-placed/preview', { htmlBody: '<p>x</p>' }],
      ['POST', '/api/notifications/templates/order-placed/test-email', { email: 'vendor@shop.test', params: {} }],
      ['GET', '/api/notifications/settings'],
      ['PUT', '/api/notifications/settings', { disableAll: true }],
      ['PATCH', '/api/notifications/integration', { service: 'none' }],
      ['GET', '/api/notifications/outbox'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(vendor, method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      const anonymous = await t.app.inject({ method, url, headers: { 'x-iframe': 'false' }, payload });
      expect({ url, status: anonymous.statusCode }).toEqual({ url, status: 401 });
    }
    expect(await overrides('order-placed')).toEqual([]);
    expect(await t.mailsTo('vendor@shop.test')).toEqual([]);
    expect((await asAdmin('GET', '/api/notifications/settings')).json().disableAll).toBe(false);
  });
});
