import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { notificationTemplates, users, vendorApplications } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { productInput, saveProduct } from '../../../../test/support/products.ts';
import { decodeQuotedPrintable, startFakeSmtp } from '../../../../test/support/fake-smtp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let s: { admin: Session; vendor1: Session; vendor2: Session };
beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  s = await demoSessions(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/**
 * The last mail the SMTP server received for an address, as its reader sees it: the subject (as
 * recorded: on the wire a subject with accents is MIME-encoded) and the decoded message.
 */
async function receivedBy(address: string) {
  const [recorded] = await t.mailsTo(address);
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(address));
  if (!mail || !recorded) throw new Error(`No mail to ${address}`);
  return `Subject: ${recorded.subject}\n${decodeQuotedPrintable(mail.raw)}`;
}
const setLanguage = async (session: Session, language: string | null) =>
  expect((await caller(t, session)('PATCH', '/api/account', { language })).statusCode).toBe(200);

describe("a user's mails speak the language of the account", () => {
  it('a Dutch vendor gets the product decision and the password code in Dutch, an English one in English', async () => {
    await setLanguage(s.vendor1, 'nl');
    const id = await saveProduct(t, s.vendor1, productInput({ title: 'Theepot' }));
    expect((await caller(t, s.admin)('PATCH', `/api/product-v2/${id}/approve`, { note: 'Mooi' })).statusCode).toBe(200);
    const approved = await receivedBy(DEMO_ACCOUNTS.vendor1);
    expect(approved).toContain('Subject: Theepot is goedgekeurd');
    expect(approved).toContain('is goedgekeurd en zichtbaar op Demo Marketplace');
    expect(approved).toContain('Opmerking: Mooi');
    expect(approved).toContain('Product bekijken');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/change-password/request',
      payload: { store: 'demo', email: DEMO_ACCOUNTS.vendor1 },
    });
    expect(reset.statusCode).toBe(201);
    const code = await receivedBy(DEMO_ACCOUNTS.vendor1);
    expect(code).toContain('Subject: Je wachtwoordcode voor Demo Marketplace');
    expect(code).toContain('Gebruik deze code om je wachtwoord opnieuw in te stellen');

    const other = await saveProduct(t, s.vendor2, productInput({ title: 'Teapot' }));
    await caller(t, s.admin)('PATCH', `/api/product-v2/${other}/approve`, {});
    expect(await receivedBy(DEMO_ACCOUNTS.vendor2)).toContain('Subject: Teapot is approved');
  });

  it('an admin in German gets the marketplace mails in German; a language set after queueing counts', async () => {
    await t.ctx.mailer.send({
      storeId: 'demo',
      template: 'marketplace-new-vendor',
      to: DEMO_ACCOUNTS.admin,
      vars: { vendor: 'Töpferei', email: 'hallo@toepferei.test' },
    });
    await setLanguage(s.admin, 'de');
    const mail = await receivedBy(DEMO_ACCOUNTS.admin);
    expect(mail).toContain('Subject: Neuer Verkäufer: Töpferei');
    expect(mail).toContain('ist jetzt Verkäufer bei Demo Marketplace');
    await setLanguage(s.admin, null);
  });

  it("the link to confirm a new sign-in address speaks the account's language, though the address has no account", async () => {
    await setLanguage(s.vendor2, 'fr');
    const res = await caller(t, s.vendor2)('POST', '/api/account/email', {
      email: 'nouveau@vendor.test',
      currentPassword: 'demo-password-123',
    });
    expect(res.statusCode).toBe(200);
    const mail = await receivedBy('nouveau@vendor.test');
    expect(mail).toContain('Subject: Confirmez votre e-mail pour Demo Marketplace');
    expect(mail).toContain('Confirmer mon e-mail');
    await setLanguage(s.vendor2, null);
  });

  it("a buyer's mail speaks the language the sender knew, and English when none", async () => {
    const vars = { product_title: 'Mug', offer_amount: '€20.00', price: '€24.00', link: 'https://x.test/app/offer/T' };
    await t.ctx.mailer.send({ storeId: 'demo', template: 'offer-rejected', to: 'koper@buyer.test', vars, language: 'es' });
    expect(await receivedBy('koper@buyer.test')).toContain('Tu oferta de €20.00 por Mug no ha sido aceptada.');
    await t.ctx.mailer.send({ storeId: 'demo', template: 'offer-rejected', to: 'buyer@buyer.test', vars });
    expect(await receivedBy('buyer@buyer.test')).toContain('Your offer of €20.00 for Mug was not accepted.');
  });

  it("a template the admin edited keeps the admin's words for every reader", async () => {
    await t.db.insert(notificationTemplates).values({
      storeId: 'demo',
      template: 'product-unapproved',
      htmlBody: '<p>Our own words about {{ product_title }}</p>',
      subject: null,
    });
    const id = await saveProduct(t, s.vendor1, productInput({ title: 'Kom' }));
    await caller(t, s.admin)('PATCH', `/api/product-v2/${id}/approve`, {});
    await caller(t, s.admin)('PATCH', `/api/product-v2/${id}/unapprove`, {});
    const mail = await receivedBy(DEMO_ACCOUNTS.vendor1);
    expect(mail).toContain('Our own words about Kom');
    // The subject was left to the default, which speaks the reader's language.
    expect(mail).toContain('Subject: Kom moet worden aangepast');
    await t.db.delete(notificationTemplates).where(eq(notificationTemplates.template, 'product-unapproved'));
  });

  it('an applicant who read the form in Dutch gets every mail of the application in Dutch, and so does its new account', async () => {
    const emptyForm = await caller(t, s.admin)('PUT', '/api/app/metafields/collection', { fields: [], enableApproval: true });
    expect(emptyForm.statusCode).toBe(200);
    const email = 'hallo@pottenbakker.test';
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/application',
      payload: { store: 'demo', vendorName: 'De Pottenbakker', email, fields: [], language: 'nl' },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const verify = await receivedBy(email);
    expect(verify).toContain('Subject: Bevestig je e-mailadres voor Demo Marketplace');
    const token = /application\/confirm\?token=([\w-]+)/.exec(verify)![1];
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/vendor/application/confirm', payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(await receivedBy(email)).toContain('Bedankt voor je aanmelding als De Pottenbakker.');

    const [application] = await t.db.select().from(vendorApplications).where(eq(vendorApplications.email, email));
    const approved = await caller(t, s.admin)('PUT', `/api/vendors/application/${application.id}/status`, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(await receivedBy(email)).toContain('Welkom De Pottenbakker! Je account bij Demo Marketplace is aangemaakt.');
    const [account] = await t.db.select({ language: users.language }).from(users).where(eq(users.email, email));
    expect(account.language).toBe('nl');
  });

  it('refuses an application in a language the screens do not have, and stores nothing', async () => {
    const email = 'ciao@vasaio.test';
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/application',
      payload: { store: 'demo', vendorName: 'Il Vasaio', email, fields: [], language: 'it' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await t.db.select().from(vendorApplications).where(eq(vendorApplications.email, email))).toEqual([]);
  });
});
