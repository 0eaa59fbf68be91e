import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { jobs, notificationTemplates, outboxEmails, stores, vendorApplications } from '#server/db/schema/index';
import { JobQueue } from '#server/jobs/queue';
import { createMailTransport } from '#server/adapters/mail/index';
import { decodeQuotedPrintable, startFakeSmtp } from '../../../../test/support/fake-smtp.ts';
import { MAIL_ATTEMPTS, Mailer, registerMailDelivery } from './mailer.ts';
import { changeNotificationSettings } from './notification-settings.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO_ACCOUNTS.admin);
});
afterAll(() => t.close());

const mailJobsTo = async (to: string) =>
  (await t.db.select().from(jobs).where(eq(jobs.type, 'send-email'))).filter((j) => j.payload.to === to);
const setSettings = (change: Parameters<typeof changeNotificationSettings>[2]) => changeNotificationSettings(t.db, 'demo', change);

describe('notification settings decide what is sent', () => {
  it('disableAll sends nothing and records nothing; the job still ends', async () => {
    await setSettings((s) => ({ ...s, disableAll: true }));
    await t.ctx.mailer.send({ storeId: 'demo', template: 'vendor-rejection', to: 'off@shop.test', vars: { vendor: 'Off' } });
    expect(await t.mailsTo('off@shop.test')).toEqual([]);
    expect((await mailJobsTo('off@shop.test')).map((j) => j.status)).toEqual(['done']);
    await setSettings((s) => ({ ...s, disableAll: false }));
  });

  it('access mails (reset, invitation, confirmation) go even with all mail off or their template off', async () => {
    await setSettings((s) => ({ ...s, disableAll: true, templates: { ...s.templates, 'auth-change-password': { enabled: false } } }));
    await t.ctx.mailer.send({ storeId: 'demo', template: 'auth-change-password', to: 'locked@shop.test', vars: {} });
    await t.ctx.mailer.send({ storeId: 'demo', template: 'auth-invite', to: 'locked@shop.test', vars: {} });
    await t.ctx.mailer.send({ storeId: 'demo', template: 'vendor-rejection', to: 'locked@shop.test', vars: { vendor: 'Off' } });
    expect((await t.mailsTo('locked@shop.test')).map((m) => m.template).sort()).toEqual(['auth-change-password', 'auth-invite']);
    await setSettings((s) => ({ ...s, disableAll: false, templates: { ...s.templates, 'auth-change-password': { enabled: true } } }));
  });

  it('a disabled template sends nothing; the others still go', async () => {
    await setSettings((s) => ({ ...s, templates: { ...s.templates, 'vendor-rejection': { enabled: false } } }));
    await t.ctx.mailer.send({ storeId: 'demo', template: 'vendor-rejection', to: 'quiet@shop.test', vars: { vendor: 'Quiet' } });
    await t.ctx.mailer.send({ storeId: 'demo', template: 'vendor-pending-approval', to: 'quiet@shop.test', vars: { vendor: 'Quiet' } });
    expect((await t.mailsTo('quiet@shop.test')).map((m) => m.template)).toEqual(['vendor-pending-approval']);
    await setSettings((s) => ({ ...s, templates: { ...s.templates, 'vendor-rejection': { enabled: true } } }));
  });

  it('the settings at sending time count (a mail queued before disabling is not sent)', async () => {
    await t.ctx.mailer.send({ storeId: 'demo', template: 'product-approved', to: 'late@shop.test', vars: {} });
    await setSettings((s) => ({ ...s, disableAll: true }));
    expect(await t.mailsTo('late@shop.test')).toEqual([]);
    await setSettings((s) => ({ ...s, disableAll: false }));
  });

  it('sends from sendingEmail, else from the default sender', async () => {
    await t.ctx.mailer.send({ storeId: 'demo', template: 'auth-invite', to: 'from1@shop.test', vars: {} });
    expect((await t.mailsTo('from1@shop.test'))[0].fromAddress).toBe(t.config.mailFrom);
    await setSettings((s) => ({ ...s, sendingEmail: 'hello@demo.test' }));
    await t.ctx.mailer.send({ storeId: 'demo', template: 'auth-invite', to: 'from2@shop.test', vars: {} });
    expect((await t.mailsTo('from2@shop.test'))[0].fromAddress).toBe('hello@demo.test');
    await setSettings((s) => ({ ...s, sendingEmail: '' }));
  });
});

describe('a template that fails to render', () => {
  it('is recorded as failed with the error, not retried, and the request that raised it succeeds', async () => {
    onTestFinished(() =>
      t.db
        .delete(notificationTemplates)
        .where(eq(notificationTemplates.template, 'vendor-rejection'))
        .then(() => {}),
    );
    // Valid Liquid (it saves), but it cannot render: prepend needs an argument.
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/templates/vendor-rejection',
      headers: admin.headers,
      payload: { htmlBody: '<p>{{ vendor | prepend: }}</p>' },
    });
    expect(saved.statusCode).toBe(200);
    const [application] = await t.db
      .insert(vendorApplications)
      .values({ storeId: 'demo', vendorName: 'Broken', email: 'broken@shop.test', fields: [] })
      .returning();
    const decided = await t.app.inject({
      method: 'PUT',
      url: `/api/vendors/application/${application.id}/status`,
      headers: admin.headers,
      payload: { status: 'rejected' },
    });
    expect(decided.statusCode).toBe(200);
    const [failed] = await t.mailsTo('broken@shop.test');
    expect(failed).toMatchObject({
      template: 'vendor-rejection',
      transport: 'failed',
      html: '',
      subject: 'Your application to {{ shop_name }}',
    });
    expect(failed.error).toMatch(/^The template could not be rendered: prepend expect 2 arguments, line:1, col:4/);
    const [job] = await mailJobsTo('broken@shop.test');
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    // The admin reads it in the outbox.
    const outbox = await t.app.inject({ method: 'GET', url: '/api/notifications/outbox', headers: admin.headers });
    expect(outbox.json().emails[0]).toMatchObject({ to: 'broken@shop.test', transport: 'failed', error: failed.error });
  });

  it('a runaway loop saved in the database is stopped and recorded, not retried', async () => {
    onTestFinished(() =>
      t.db
        .delete(notificationTemplates)
        .where(eq(notificationTemplates.template, 'auth-verify'))
        .then(() => {}),
    );
    await t.db
      .insert(notificationTemplates)
      .values({ storeId: 'demo', template: 'auth-verify', htmlBody: '{% for i in (1..100000000) %}x{% endfor %}' });
    await t.ctx.mailer.send({ storeId: 'demo', template: 'auth-verify', to: 'loop@shop.test', vars: {} });
    const [failed] = await t.mailsTo('loop@shop.test');
    expect(failed.transport).toBe('failed');
    expect(failed.error).toMatch(/memory alloc limit exceeded/);
  });

  it('an injection corpus in a stored template executes nothing and leaks nothing', async () => {
    const corpus = [
      '{{ constructor.constructor }}',
      '{{ this }}',
      '{{ vars.__proto__ }}',
      '{{ vendor.__proto__.constructor }}',
      '{{ process.env.DATABASE_URL }}',
      '{{ global }}',
    ].join('|');
    onTestFinished(() =>
      t.db
        .delete(notificationTemplates)
        .where(eq(notificationTemplates.template, 'auth-invite'))
        .then(() => {}),
    );
    await t.db.insert(notificationTemplates).values({ storeId: 'demo', template: 'auth-invite', htmlBody: `<p>${corpus}</p>` });
    await t.ctx.mailer.send({ storeId: 'demo', template: 'auth-invite', to: 'inject@shop.test', vars: { vendor: 'V', vars: { a: 1 } } });
    const [mail] = await t.mailsTo('inject@shop.test');
    expect(mail.transport).toBe('outbox');
    expect(mail.html).toBe('<p>|||||</p>');
  });
});

describe('durable sending', () => {
  it('one mail per dedupeKey', async () => {
    for (let i = 0; i < 3; i++) {
      await t.ctx.mailer.send({
        storeId: 'demo',
        template: 'order-placed',
        to: 'once@shop.test',
        vars: {},
        dedupeKey: 'order-placed:1042:once',
      });
    }
    expect(await t.mailsTo('once@shop.test')).toHaveLength(1);
  });

  it('a mail queued in a transaction that rolls back is never sent', async () => {
    await t.db
      .transaction(async (tx) => {
        await t.ctx.mailer.send({ storeId: 'demo', template: 'order-placed', to: 'rollback@shop.test', vars: {} }, tx);
        throw new Error('abort');
      })
      .catch(() => {});
    expect(await t.mailsTo('rollback@shop.test')).toEqual([]);
  });

  it('sendAt holds the mail until it is due', async () => {
    await t.ctx.mailer.send({
      storeId: 'demo',
      template: 'order-reminder-1',
      to: 'later@shop.test',
      vars: {},
      sendAt: new Date(Date.now() + 3600_000),
    });
    expect(await t.mailsTo('later@shop.test')).toEqual([]);
    const [job] = await mailJobsTo('later@shop.test');
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    expect(await t.mailsTo('later@shop.test')).toHaveLength(1);
  });

  it('survives a restart: a mail queued by one process is sent by the next', async () => {
    const queued = new JobQueue(t.db, { error: () => {}, warn: () => {} });
    await new Mailer(t.db, queued, createMailTransport(undefined), 'first@process.test').send({
      storeId: 'demo',
      template: 'auth-invite',
      to: 'restart@shop.test',
      vars: { vendor: 'Restart' },
    });
    // "Restart": a new queue and mailer on the same database send it.
    const next = new JobQueue(t.db, { error: () => {}, warn: () => {} });
    registerMailDelivery(next, new Mailer(t.db, next, createMailTransport(undefined), 'next@process.test'));
    expect(await next.drain()).toBeGreaterThanOrEqual(1);
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'restart@shop.test'));
    expect(mail).toMatchObject({ template: 'auth-invite', transport: 'outbox', fromAddress: 'next@process.test' });
    expect(mail.html).toContain('Welcome Restart!');
  });
});

describe('GET /api/notifications/outbox', () => {
  it("pages the store's mails newest first, 50 a page, without other stores' mails", async () => {
    await t.db.insert(stores).values({ id: 'other-store', shopName: 'Other' }).onConflictDoNothing();
    await t.db.delete(outboxEmails).where(eq(outboxEmails.storeId, 'demo'));
    const base = Date.parse('2025-01-01T00:00:00Z');
    await t.db.insert(outboxEmails).values(
      Array.from({ length: 120 }, (_, i) => ({
        storeId: 'demo',
        template: 'order-placed',
        toAddress: `v${i}@shop.test`,
        fromAddress: 'no-reply@market.test',
        subject: `Mail ${i}`,
        html: `<p>${i}</p>`,
        text: `${i}`,
        transport: 'outbox' as const,
        createdAt: new Date(base + i * 1000),
      })),
    );
    await t.db.insert(outboxEmails).values({
      storeId: 'other-store',
      template: 'x',
      toAddress: 'secret@other.test',
      fromAddress: 'a@b.test',
      subject: 'Secret',
      html: '',
      transport: 'outbox',
    });

    const first = await t.app.inject({ method: 'GET', url: '/api/notifications/outbox', headers: admin.headers });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.page).toBe(1);
    expect(body.pageCount).toBe(3);
    expect(body.emails).toHaveLength(50);
    expect(body.emails[0]).toEqual({
      id: expect.any(String),
      template: 'order-placed',
      to: 'v119@shop.test',
      from: 'no-reply@market.test',
      subject: 'Mail 119',
      html: '<p>119</p>',
      text: '119',
      transport: 'outbox',
      error: null,
      createdAt: new Date(base + 119_000).toISOString(),
    });
    const third = (await t.app.inject({ method: 'GET', url: '/api/notifications/outbox?page=3', headers: admin.headers })).json();
    expect(third.emails.map((e: { subject: string }) => e.subject)).toEqual(Array.from({ length: 20 }, (_, i) => `Mail ${19 - i}`));
    const beyond = (await t.app.inject({ method: 'GET', url: '/api/notifications/outbox?page=4', headers: admin.headers })).json();
    expect(beyond.emails).toEqual([]);
    expect(JSON.stringify([body, third])).not.toContain('secret@other.test');
  });

  it('refuses a page outside 1-200', async () => {
    for (const page of ['0', '201', 'x']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/notifications/outbox?page=${page}`, headers: admin.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Page must be between 1 and 200');
    }
  });
});

describe('SMTP delivery (SMTP_URL set)', () => {
  let smtpApp: TestApp;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    smtpApp = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await smtpApp.close();
    await smtp.close();
  });
  const dueNow = () =>
    smtpApp.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.type, 'send-email'), eq(jobs.status, 'pending')));
  const jobTo = async (to: string) =>
    (await smtpApp.db.select().from(jobs).where(eq(jobs.type, 'send-email'))).find((j) => j.payload.to === to)!;

  it('delivers through a real SMTP server and records the mail as smtp', async () => {
    await smtpApp.ctx.mailer.send({
      storeId: 'demo',
      template: 'auth-invite',
      to: 'smtp@shop.test',
      vars: { vendor: 'Smtp Shop', link: 'https://x.test/a?b=1&c=2' },
    });
    const [mail] = await smtpApp.mailsTo('smtp@shop.test');
    expect(mail).toMatchObject({ transport: 'smtp', subject: 'Your Demo Marketplace account is ready' });
    const received = smtp.received.find((m) => m.to.includes('smtp@shop.test'))!;
    expect(received.from).toBe(smtpApp.config.mailFrom);
    const raw = decodeQuotedPrintable(received.raw);
    expect(raw).toContain('Subject: Your Demo Marketplace account is ready');
    expect(raw).toContain('Welcome Smtp Shop!');
    expect(raw).toContain('href="https://x.test/a?b=1&amp;c=2"');
  });

  it('retries with backoff after the server refuses once, then sends once', async () => {
    smtp.refuseNext(1);
    const before = smtp.received.length;
    await smtpApp.ctx.mailer.send({ storeId: 'demo', template: 'vendor-rejection', to: 'retry@shop.test', vars: { vendor: 'Retry' } });
    expect(await smtpApp.mailsTo('retry@shop.test')).toEqual([]);
    const failed = await jobTo('retry@shop.test');
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toMatch(/451/);
    // Backoff: the retry is not due before ~10 s.
    expect(failed.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    await smtpApp.ctx.jobs.drain();
    expect(smtp.received.length).toBe(before);
    await dueNow();
    const [mail] = await smtpApp.mailsTo('retry@shop.test');
    expect(mail.transport).toBe('smtp');
    expect(await jobTo('retry@shop.test')).toMatchObject({ status: 'done', attempts: 2 });
    expect(smtp.received.filter((m) => m.to.includes('retry@shop.test'))).toHaveLength(1);
  });

  it('after the last attempt the mail is recorded as failed with the error', async () => {
    smtp.refuseNext(MAIL_ATTEMPTS);
    await smtpApp.ctx.mailer.send({ storeId: 'demo', template: 'vendor-rejection', to: 'never@shop.test', vars: { vendor: 'Never' } });
    for (let attempt = 0; attempt < MAIL_ATTEMPTS; attempt++) {
      await dueNow();
      await smtpApp.ctx.jobs.drain();
    }
    expect(await jobTo('never@shop.test')).toMatchObject({ status: 'failed', attempts: MAIL_ATTEMPTS });
    const [mail] = await smtpApp.mailsTo('never@shop.test');
    expect(mail).toMatchObject({ transport: 'failed', subject: 'Your application to Demo Marketplace' });
    expect(mail.error).toMatch(new RegExp(`^Delivery failed after ${MAIL_ATTEMPTS} attempts: .*451`));
    expect(smtp.received.filter((m) => m.to.includes('never@shop.test'))).toEqual([]);
  });
});

describe('the outbox never shows what grants access', () => {
  const outboxText = async () => (await t.app.inject({ method: 'GET', url: '/api/notifications/outbox', headers: admin.headers })).body;

  it("an admin cannot read another account's reset code or invite link; the mail itself carries them", async () => {
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/change-password/request',
      headers: { 'x-iframe': 'false' },
      payload: { store: 'demo', email: DEMO_ACCOUNTS.vendor2 },
    });
    expect(reset.statusCode).toBe(201);
    const invite = {
      code: '73519046',
      link: 'http://127.0.0.1:3000/app/login/change-password?code=73519046&email=new%40shop.test&store=demo',
    };
    await t.ctx.mailer.send({ storeId: 'demo', template: 'auth-invite', to: 'new@shop.test', vars: { ...invite, vendor: 'New' } });
    // An admin's own template cannot smuggle the code out in another shape either.
    await t.db.insert(notificationTemplates).values({
      storeId: 'demo',
      template: 'auth-change-password',
      subject: 'Code {{ code }}',
      htmlBody: '<p>{{ code | split: "" | join: "-" }} {{ link | upcase }}</p>',
    });
    onTestFinished(() =>
      t.db
        .delete(notificationTemplates)
        .where(eq(notificationTemplates.template, 'auth-change-password'))
        .then(() => {}),
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/change-password/request',
      headers: { 'x-iframe': 'false' },
      remoteAddress: '10.9.9.9',
      payload: { store: 'demo', email: DEMO_ACCOUNTS.vendor1 },
    });

    const [resetMail] = await t.mailsTo(DEMO_ACCOUNTS.vendor2);
    const code = /(\d{8})/.exec(resetMail.text)![1];
    const [overridden] = await t.mailsTo(DEMO_ACCOUNTS.vendor1);
    const otherCode = /(\d-\d-\d-\d-\d-\d-\d-\d)/.exec(overridden.text)![1];
    expect((await t.mailsTo('new@shop.test'))[0].html).toContain('code=73519046');

    const body = await outboxText();
    expect(body).toContain(DEMO_ACCOUNTS.vendor2);
    expect(body).toContain('new@shop.test');
    for (const secret of [code, invite.code, otherCode, otherCode.replace(/-/g, ''), 'code=', 'CODE=']) expect(body).not.toContain(secret);
  });
});

describe('queued mails keep their secrets out of the jobs table', () => {
  it('a reader of the jobs table finds no reset code, invite link or confirmation link; the mails still carry them', async () => {
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/change-password/request',
      headers: { 'x-iframe': 'false' },
      remoteAddress: '10.9.9.10',
      payload: { store: 'demo', email: DEMO_ACCOUNTS.admin },
    });
    expect(reset.statusCode).toBe(201);
    const invite = {
      code: '51730946',
      link: 'http://127.0.0.1:3000/app/login/change-password?code=51730946&email=queued%40shop.test&store=demo',
    };
    await t.ctx.mailer.send({ storeId: 'demo', template: 'auth-invite', to: 'queued@shop.test', vars: { ...invite, vendor: 'Queued' } });
    const confirm = 'http://127.0.0.1:3000/api/vendor/application/confirm?token=c2VjcmV0LXRva2VuLW9mLWFuLWFwcGxpY2FudA';
    await t.ctx.mailer.send({
      storeId: 'demo',
      template: 'auth-verify',
      to: 'applicant@shop.test',
      vars: { link: confirm, minutes: 60, vendor: 'Applicant' },
    });
    const queued = JSON.stringify([
      ...(await mailJobsTo(DEMO_ACCOUNTS.admin)),
      ...(await mailJobsTo('queued@shop.test')),
      ...(await mailJobsTo('applicant@shop.test')),
    ]);

    const [resetMail] = await t.mailsTo(DEMO_ACCOUNTS.admin);
    const code = /(\d{8})/.exec(resetMail.text)![1];
    expect((await t.mailsTo('queued@shop.test'))[0].html).toContain('code=51730946');
    expect((await t.mailsTo('applicant@shop.test'))[0].html).toContain('token=c2VjcmV0LXRva2VuLW9mLWFuLWFwcGxpY2FudA');
    expect(queued).toContain('applicant@shop.test');
    for (const secret of [code, invite.code, 'code=', 'c2VjcmV0LXRva2VuLW9mLWFuLWFwcGxpY2FudA', 'token='])
      expect(queued).not.toContain(secret);
    // Done jobs keep their payload: still nothing to read there.
    const done = JSON.stringify(await mailJobsTo(DEMO_ACCOUNTS.admin));
    expect(done).toContain('"done"');
    expect(done).not.toContain(code);
  });
});
