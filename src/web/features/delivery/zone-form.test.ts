import { describe, expect, it } from 'vitest';
import { emptyRate, toZoneForm, zoneResolver, type ZoneFormValues } from './zone-form.ts';

const resolve = (values: ZoneFormValues) => zoneResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false } as never);
type Errors = {
  zone: { zoneName?: { message: string }; countries?: { code?: { message: string } }[]; rates?: Record<string, { message: string }>[] };
};

describe('the zone editor form', () => {
  it("gives the spec's messages under the zone name, the country code and the rate fields", async () => {
    const { errors } = await resolve({
      zone: { zoneName: ' ', currency: 'USD', countries: [{ code: '', provinces: [] }], rates: [emptyRate()] },
    });
    const zone = (errors as Errors).zone;
    expect(zone.zoneName?.message).toBe('Required field');
    expect(zone.countries?.[0].code?.message).toBe('Country code is required');
    expect(zone.rates?.[0].name.message).toBe('Required field');
    expect(zone.rates?.[0].price.message).toBe('Required field');
  });

  it('accepts a zone with a price-bounded rate and reads an empty field as none', async () => {
    const values = toZoneForm(null, 'JPY');
    expect(values.zone.currency).toBe('JPY');
    values.zone.zoneName = 'Benelux';
    values.zone.countries = [{ code: 'nl', provinces: [] }];
    values.zone.rates = [{ name: 'Standard', description: '', price: '4.95', field: '', min: '', max: '' }];
    const result = await resolve(values);
    expect(result.errors).toEqual({});
    expect((result.values as { zone: { countries: unknown; rates: { field: unknown }[] } }).zone.countries).toEqual([
      { code: 'NL', provinces: [] },
    ]);
    expect((result.values as { zone: { rates: { field: unknown }[] } }).zone.rates[0].field).toBeNull();
    expect((result.values as { zone: { currency: string } }).zone.currency).toBe('JPY');
  });

  it('sends a price bound as amount text and a weight bound as a number', async () => {
    const values = toZoneForm(null, 'EUR');
    values.zone.zoneName = 'Benelux';
    values.zone.rates = [
      { name: 'Free', description: '', price: '0', field: 'TOTAL_PRICE', min: '50', max: '' },
      { name: 'Heavy', description: '', price: '9.95', field: 'TOTAL_WEIGHT', min: '2.5', max: '' },
      { name: 'Odd', description: '', price: '4,95', field: 'TOTAL_WEIGHT', min: 'heavy', max: '' },
    ];
    const { errors } = await resolve(values);
    const rates = (errors as Errors).zone.rates!;
    expect(rates[0]).toBeUndefined();
    expect(rates[1]).toBeUndefined();
    expect(rates[2].price.message).toBe('Must be an amount like 12.50');
    expect(rates[2].min.message).toBe('Must be a number');
    values.zone.rates.pop();
    const { values: body } = await resolve(values);
    expect((body as { zone: { rates: unknown[] } }).zone.rates).toEqual([
      { name: 'Free', description: '', price: '0', field: 'TOTAL_PRICE', min: '50', max: null },
      { name: 'Heavy', description: '', price: '9.95', field: 'TOTAL_WEIGHT', min: 2.5, max: null },
    ]);
  });
});
