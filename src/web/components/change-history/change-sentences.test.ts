import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '#shared/schemas/audit';
import en from './locales/en.json';
import { formatAmount } from '#shared/money';
import { changeSentences } from './change-sentences.ts';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.init({ lng: 'en', ns: ['change-history'], resources: { en: { 'change-history': en } }, interpolation: { escapeValue: false } }),
);
const t = () => i18n.getFixedT('en', 'change-history');
// As useMoney formats, in the reader's language.
const money = (locale: string) => (amount: string, currency: string) => formatAmount(amount, currency, locale);

const record = (over: Partial<AuditRecord>): AuditRecord => ({
  id: '1',
  at: '2026-11-29T06:00:00.000Z',
  actor: { kind: 'admin', userId: 'u', name: 'Anna' },
  actingVendor: null,
  requestId: 'req-1',
  source: 'PUT /api/products-v2',
  area: 'products',
  entity: 'product_variants',
  entityId: 'v',
  label: 'Blue mug',
  action: 'update',
  changes: {},
  ledgerEntryIds: [],
  ...over,
});

describe('a record in words', () => {
  it('names who changed which field of what, from and to', () => {
    expect(changeSentences(record({ changes: { sku: { from: 'MUG-1', to: 'MUG-2' } } }), t(), money('en'))).toEqual([
      'Anna (admin) changed the sku of Blue mug from MUG-1 to MUG-2',
    ]);
  });

  it("reads amounts as money in their currency and the reader's language", () => {
    const price = {
      money: true as const,
      from: { amount: '19.99', currency: 'USD' },
      to: { amount: '24.99', currency: 'USD' },
    };
    expect(changeSentences(record({ changes: { price } }), t(), money('en'))).toEqual([
      'Anna (admin) changed the price of Blue mug from $19.99 to $24.99',
    ]);
    const [dutch] = changeSentences(record({ changes: { price } }), t(), money('nl'));
    expect(dutch).toContain(formatAmount('24.99', 'USD', 'nl'));
    expect(dutch).toMatch(/24,99/);
    const comparePrice = { money: true as const, from: null, to: { amount: '1700', currency: 'JPY' } };
    expect(changeSentences(record({ changes: { compare_at: comparePrice } }), t(), money('en'))).toEqual([
      'Anna (admin) changed the compare at of Blue mug from (empty) to ¥1,700',
    ]);
  });

  it('takes a settings document apart into the settings that changed, in words, leaving out defaults written out', () => {
    const features = {
      from: { catalog: { enabled: false }, delivery: { enabled: true } },
      to: { catalog: { enabled: true }, delivery: { enabled: true }, makeAnOffer: { enabled: false }, useFinanceV2: { enabled: false } },
    };
    const sections = { from: [], to: ['support', 'shop'] };
    expect(
      changeSentences(
        record({ entity: 'stores', label: 'Demo Marketplace', changes: { 'settings.features': features, 'settings.sections': sections } }),
        t(),
        money('en'),
      ),
    ).toEqual([
      'Anna (admin) changed the features › catalog of Demo Marketplace from off to on',
      'Anna (admin) changed the sections of Demo Marketplace from (empty) to support, shop',
    ]);
  });

  it('says only that a secret changed, and which vendor an admin acted as', () => {
    expect(
      changeSentences(
        record({ actingVendor: 'Vendor One', entity: 'users', label: 'vendor1@demo.test', changes: { password_hash: 'changed' } }),
        t(),
        money('en'),
      ),
    ).toEqual(['Anna (admin, as Vendor One) changed the password hash of vendor1@demo.test']);
  });

  it('tells a created or deleted object by its kind and name, and a buyer without a name by role', () => {
    expect(
      changeSentences(
        record({ action: 'insert', entity: 'orders', label: '#1001', actor: { kind: 'public', userId: null, name: null } }),
        t(),
        money('en'),
      ),
    ).toEqual(['buyer or visitor created order #1001']);
  });
});
