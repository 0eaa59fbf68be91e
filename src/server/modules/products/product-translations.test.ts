import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { patchStoreSettings } from '../settings/store-settings.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { productInput, saveProduct } from '../../../../test/support/products.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let id: string;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  await patchStoreSettings(t.db, 'demo', { translations: { enabled: true, locales: ['nl', 'de'], dict: {} } });
  id = await saveProduct(
    t,
    s.vendor1,
    productInput({
      title: 'Blue mug',
      bodyHtml: '<p>Blue</p>',
      seo: { title: 'Buy the blue mug', description: '' },
      options: [{ name: 'Size', values: ['S'] }],
      variants: [{ price: '1', stock: 1, options: ['S'] }],
    }),
  );
});
afterAll(() => t.close());

const getTranslations = (locale: string, session = s.vendor1) =>
  caller(t, session)('GET', `/api/products/${id}/translations?locale=${locale}`);
const patch = (translations: object[], session = s.vendor1) =>
  caller(t, session)('PATCH', `/api/products/${id}/translations`, { translations });

describe('product translations', () => {
  it('lists every non-empty text with the digest of its source', async () => {
    const res = await getTranslations('nl');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      locale: 'nl',
      translations: [
        { key: 'title', source: 'Blue mug', sourceDigest: sha('Blue mug'), value: null, digest: null, outdated: false },
        { key: 'body_html', source: '<p>Blue</p>', sourceDigest: sha('<p>Blue</p>'), value: null, digest: null, outdated: false },
        {
          key: 'meta_title',
          source: 'Buy the blue mug',
          sourceDigest: sha('Buy the blue mug'),
          value: null,
          digest: null,
          outdated: false,
        },
        { key: 'option1.name', source: 'Size', sourceDigest: sha('Size'), value: null, digest: null, outdated: false },
      ],
    });
  });

  it('saves translations with the digest of their source; a changed source flags them outdated', async () => {
    const saved = await patch([
      { locale: 'nl', resourceId: id, key: 'title', value: 'Blauwe mok', digest: sha('Blue mug') },
      { locale: 'nl', key: 'option1.name', value: 'Maat' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().translations).toEqual([
      { locale: 'nl', key: 'title', value: 'Blauwe mok', digest: sha('Blue mug'), outdated: false },
      { locale: 'nl', key: 'option1.name', value: 'Maat', digest: sha('Size'), outdated: false },
    ]);
    let detail = (await caller(t, s.vendor1)('GET', `/api/products-v2/${id}`)).json().product;
    expect(detail.translations).toEqual([
      { locale: 'nl', total: 4, translated: 2, outdated: 0 },
      { locale: 'de', total: 4, translated: 0, outdated: 0 },
    ]);

    // The vendor renames the product: the Dutch title was made from the old one.
    await saveProduct(t, s.vendor1, { ...detail, title: 'Navy mug' });
    const title = (await getTranslations('nl')).json().translations.find((x: { key: string }) => x.key === 'title');
    expect(title).toEqual({
      key: 'title',
      source: 'Navy mug',
      sourceDigest: sha('Navy mug'),
      value: 'Blauwe mok',
      digest: sha('Blue mug'),
      outdated: true,
    });
    detail = (await caller(t, s.vendor1)('GET', `/api/products-v2/${id}`)).json().product;
    expect(detail.translations[0]).toEqual({ locale: 'nl', total: 4, translated: 2, outdated: 1 });

    // Translated again from the new text: up to date.
    await patch([{ locale: 'nl', key: 'title', value: 'Donkerblauwe mok', digest: sha('Navy mug') }]);
    expect((await getTranslations('nl')).json().translations[0]).toMatchObject({ value: 'Donkerblauwe mok', outdated: false });
    const logs = (await caller(t, s.vendor1)('GET', `/api/logs/product/${id}`)).json().logs;
    expect(logs[0]).toMatchObject({ action: 'translate', changes: { 'nl.title': { before: 'Blauwe mok', after: 'Donkerblauwe mok' } } });
  });

  it('an empty value removes a translation', async () => {
    await patch([{ locale: 'nl', key: 'option1.name', value: '' }]);
    expect((await getTranslations('nl')).json().translations.find((x: { key: string }) => x.key === 'option1.name').value).toBeNull();
  });

  it("refuses locales the store does not have, keys that are not texts of the product, another product's resource id", async () => {
    const locale = await getTranslations('fr');
    expect(locale.statusCode).toBe(400);
    expect(locale.json().message).toBe("Must be one of the marketplace's languages");
    const bad = await patch([
      { locale: 'nl', key: 'title', value: 'x' },
      { locale: 'fr', key: 'title', value: 'x' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'translations.1.locale', message: "Must be one of the marketplace's languages" }]);
    expect((await patch([{ locale: 'nl', key: 'meta_description', value: 'x' }])).json().errors[0]).toEqual({
      path: 'translations.0.key',
      message: 'This text cannot be translated',
    });
    expect((await patch([{ locale: 'nl', key: 'title', value: 'x', resourceId: '6f1c1b1e-0000-4000-8000-000000000000' }])).statusCode).toBe(
      400,
    );
    expect((await patch([{ locale: 'nl', key: 'title', value: 'x', digest: 'abc' }])).json().errors[0].path).toBe('translations.0.digest');
    // Nothing of the refused calls was saved.
    expect((await getTranslations('nl')).json().translations[0].value).toBe('Donkerblauwe mok');
  });
});
