import { describe, expect, it } from 'vitest';
import { MARKETS, findMarket } from '../delivery-markets.ts';
import { DEFAULT_DELIVERY_SETTINGS, DeliverySettingsSchema, SaveZoneSchema, ZoneSchema } from './delivery.ts';

function problems(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error!.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
}

const zone = {
  zoneName: 'Benelux',
  rates: [{ name: 'Standard', price: '6.95', field: 'TOTAL_WEIGHT', min: 0, max: 2 }],
  countries: [{ code: 'nl' }, { code: 'BE', provinces: [] }],
};

describe('ZoneSchema', () => {
  it('accepts a zone and fills the defaults; country codes are upper-cased', () => {
    expect(ZoneSchema.parse(zone)).toEqual({
      zoneName: 'Benelux',
      rates: [{ name: 'Standard', description: '', price: '6.95', field: 'TOTAL_WEIGHT', min: 0, max: 2 }],
      countries: [
        { code: 'NL', provinces: [] },
        { code: 'BE', provinces: [] },
      ],
    });
    expect(problems(ZoneSchema, { zoneName: 'US West', countries: [{ code: 'US', provinces: ['ca', 'OR'] }] })).toEqual([]);
  });

  it('gives the spec messages under the field', () => {
    expect(problems(SaveZoneSchema, { zone: { ...zone, zoneName: ' ' } })).toEqual(['zone.zoneName: Required field']);
    expect(problems(SaveZoneSchema, { zone: { ...zone, rates: [{ name: 'Standard' }] } })).toEqual(['zone.rates.0.price: Required field']);
    expect(problems(SaveZoneSchema, { zone: { ...zone, rates: [{ price: '1' }] } })).toEqual(['zone.rates.0.name: Required field']);
    expect(problems(SaveZoneSchema, { zone: { ...zone, rates: [{ name: 'x', price: '-1' }] } })).toEqual([
      'zone.rates.0.price: should be greater than 0',
    ]);
    // Prices and price bounds are amount text; weight bounds numbers.
    expect(problems(SaveZoneSchema, { zone: { ...zone, rates: [{ name: 'x', price: 5 }] } })).toEqual([
      'zone.rates.0.price: Must be an amount like 12.50',
    ]);
    expect(problems(SaveZoneSchema, { zone: { ...zone, rates: [{ name: 'x', price: '1', field: 'TOTAL_WEIGHT', min: 'a' }] } })).toEqual([
      'zone.rates.0.min: Must be a number',
    ]);
    expect(problems(SaveZoneSchema, { zone: { ...zone, rates: [{ name: 'x', price: '1', field: 'TOTAL_PRICE', min: 10 }] } })).toEqual([
      'zone.rates.0.min: Must be an amount like 12.50',
    ]);
    expect(
      problems(SaveZoneSchema, { zone: { ...zone, rates: [{ name: 'x', price: '1', field: 'TOTAL_PRICE', min: '10', max: '5' }] } }),
    ).toEqual(['zone.rates.0.max: should be greater than 10']);
    expect(
      problems(SaveZoneSchema, { zone: { ...zone, rates: [{ name: 'x', price: '1', field: 'TOTAL_WEIGHT', min: 10, max: 5 }] } }),
    ).toEqual(['zone.rates.0.max: should be greater than 10']);
    expect(problems(SaveZoneSchema, { zone: { ...zone, countries: [{ provinces: [] }] } })).toEqual([
      'zone.countries.0.code: Country code is required',
    ]);
    expect(problems(SaveZoneSchema, { zone: { ...zone, countries: [{ code: '' }] } })).toEqual([
      'zone.countries.0.code: Country code is required',
    ]);
    expect(problems(SaveZoneSchema, { zone: { ...zone, countries: [{ code: 'QQ' }] } })).toEqual([
      'zone.countries.0.code: Unknown country code',
    ]);
    expect(problems(SaveZoneSchema, { zone: { ...zone, countries: [{ code: 'US', provinces: ['ZZ'] }] } })).toEqual([
      'zone.countries.0.provinces.0: Unknown province',
    ]);
  });
});

describe('DeliverySettingsSchema', () => {
  it('needs every key: a PUT replaces the whole object, so nothing is filled in', () => {
    expect(DeliverySettingsSchema.safeParse(DEFAULT_DELIVERY_SETTINGS).success).toBe(true);
    expect(problems(DeliverySettingsSchema, { enabled: true })).toEqual([
      'rateNames: Required field',
      'shippo: Required field',
      'enableLiveRates: Required field',
      'enableFlatRates: Required field',
      'enableLocalPickup: Required field',
      'enableRateNames: Required field',
      'defaultShipping: Required field',
    ]);
  });

  it('needs 1 to 5 rate names when enabled is override', () => {
    const with_ = (patch: object) => ({ ...DEFAULT_DELIVERY_SETTINGS, ...patch });
    expect(problems(DeliverySettingsSchema, with_({ enabled: 'override', rateNames: [] }))).toEqual([
      'rateNames: There should be at least one rate name',
    ]);
    expect(problems(DeliverySettingsSchema, with_({ enabled: 'override', rateNames: ['a', 'b', 'c', 'd', 'e', 'f'] }))).toEqual([
      'rateNames: There should be at most 5 rate names',
    ]);
    expect(problems(DeliverySettingsSchema, with_({ enabled: 'override', rateNames: ['Standard', 'Express'] }))).toEqual([]);
    expect(problems(DeliverySettingsSchema, with_({ enabled: true, rateNames: [] }))).toEqual([]);
    expect(problems(DeliverySettingsSchema, with_({ enabled: 'sometimes' }))).toEqual(['enabled: Must be true, false or override']);
    expect(problems(DeliverySettingsSchema, with_({ enabled: 'override', rateNames: [''] }))).toEqual(['rateNames.0: Required field']);
  });
});

describe('markets', () => {
  it('lists the countries with names, and provinces where shipping is priced per province', () => {
    for (const code of ['US', 'CA', 'AU', 'NL', 'DE', 'FR', 'ES', 'GB', 'BE', 'IT']) expect(findMarket(code), code).not.toBeNull();
    expect(findMarket('nl')).toEqual({ code: 'NL', name: 'Netherlands', provinces: [] });
    expect(findMarket('US')!.provinces).toContainEqual({ code: 'CA', name: 'California' });
    expect(findMarket('CA')!.provinces).toHaveLength(13);
    expect(findMarket('AU')!.provinces).toHaveLength(8);
    expect(findMarket('ES')!.provinces).toHaveLength(52);
    expect(findMarket('IT')!.provinces).toHaveLength(107);
    expect(new Set(MARKETS.map((m) => m.code)).size).toBe(MARKETS.length);
    expect(MARKETS.length).toBeGreaterThan(240);
  });
});
