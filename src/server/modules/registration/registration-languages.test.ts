import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('registration questions in other languages', () => {
  it('keeps the words an admin writes per language and answers them on the public form', async () => {
    const { headers } = await t.login(DEMO_ACCOUNTS.admin);
    const fields = [
      {
        key: 'vat',
        name: 'VAT number',
        type: 'text',
        description: 'As on your invoices',
        translations: { nl: { name: 'Btw-nummer', description: 'Zoals op je facturen' }, de: { name: 'USt-IdNr.' } },
      },
    ];
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/app/metafields/collection',
      headers,
      payload: { fields, enableApproval: true },
    });
    expect(saved.statusCode).toBe(200);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/store/registration?store=demo' })).json();
    expect(pub.registrationFields[0].translations).toEqual({
      nl: { name: 'Btw-nummer', description: 'Zoals op je facturen' },
      de: { name: 'USt-IdNr.', description: '' },
    });
  });

  it('refuses a language the screens do not have', async () => {
    const { headers } = await t.login(DEMO_ACCOUNTS.admin);
    const fields = [{ key: 'vat', name: 'VAT number', type: 'text', translations: { it: { name: 'Partita IVA' } } }];
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/app/metafields/collection',
      headers,
      payload: { fields, enableApproval: true },
    });
    expect(res.statusCode).toBe(400);
  });
});
