import { describe, expect, it } from 'vitest';
import { applicableRates, zoneCoversCart, type ZoneLike } from './delivery-rates.ts';

const europe: ZoneLike = {
  id: 'eu',
  zoneName: 'Europe',
  countries: [{ code: 'NL' }, { code: 'BE', provinces: [] }, { code: 'de' }],
  rates: [
    { name: 'Standard', price: 6.95, field: 'TOTAL_WEIGHT', min: 0, max: 2 },
    { name: 'Heavy', price: 12.5, field: 'TOTAL_WEIGHT', min: 2, max: null },
    { name: 'Free above 50', price: 0, field: 'TOTAL_PRICE', min: 50, max: null },
    { name: 'Express', price: 15, description: 'Next day' },
  ],
};
const westCoast: ZoneLike = {
  id: 'us-west',
  zoneName: 'US West',
  countries: [{ code: 'US', provinces: ['CA', 'OR', 'WA'] }],
  rates: [{ name: 'Ground', price: 9, field: 'TOTAL_PRICE', min: null, max: 100 }],
};
const wholeUs: ZoneLike = { id: 'us', zoneName: 'US', countries: [{ code: 'US' }], rates: [{ name: 'Flat', price: 9 }] };
const zones = [europe, westCoast, wholeUs];
const names = (rates: { rate: { name: string } }[]) => rates.map((r) => r.rate.name);

describe('applicableRates', () => {
  it('keeps the rates of the zones that ship to the country, whose field total is within [min, max], cheapest first', () => {
    expect(names(applicableRates(zones, { country: 'NL', totalWeight: 1_500, totalPrice: 2_000 }))).toEqual(['Standard', 'Express']);
    expect(names(applicableRates(zones, { country: 'nl', totalWeight: 2_500, totalPrice: 6_000 }))).toEqual([
      'Free above 50',
      'Heavy',
      'Express',
    ]);
    expect(applicableRates(zones, { country: 'NL', totalWeight: 100, totalPrice: 100 })[0]).toEqual({
      zoneId: 'eu',
      zoneName: 'Europe',
      rate: europe.rates[0],
      priceMinor: 695,
    });
  });

  it('includes both bounds, in kilograms and major units by default, converted exactly', () => {
    // 2 kg is the max of Standard and the min of Heavy: both apply.
    expect(names(applicableRates([europe], { country: 'DE', totalWeight: 2_000, totalPrice: 0 }))).toEqual([
      'Standard',
      'Heavy',
      'Express',
    ]);
    expect(names(applicableRates([europe], { country: 'DE', totalWeight: 2_001, totalPrice: 4_999 }))).toEqual(['Heavy', 'Express']);
    expect(names(applicableRates([europe], { country: 'DE', totalWeight: 0, totalPrice: 5_000 }))).toEqual([
      'Free above 50',
      'Standard',
      'Express',
    ]);
    const fine: ZoneLike = {
      zoneName: 'x',
      countries: [{ code: 'FR' }],
      rates: [{ name: 'r', price: 1, field: 'TOTAL_WEIGHT', min: 1.1, max: 1.1 }],
    };
    expect(applicableRates([fine], { country: 'FR', totalWeight: 1_100, totalPrice: 0 })).toHaveLength(1);
  });

  it('reads weight bounds in the store weight unit when told', () => {
    const pounds: ZoneLike = {
      zoneName: 'x',
      countries: [{ code: 'US' }],
      rates: [{ name: 'Light', price: 5, field: 'TOTAL_WEIGHT', min: 0, max: 1 }],
    };
    expect(applicableRates([pounds], { country: 'US', totalWeight: 453, totalPrice: 0 }, { weightUnit: 'POUNDS' })).toHaveLength(1);
    expect(applicableRates([pounds], { country: 'US', totalWeight: 454, totalPrice: 0 }, { weightUnit: 'POUNDS' })).toHaveLength(0);
    expect(applicableRates([pounds], { country: 'US', totalWeight: 1_000, totalPrice: 0 })).toHaveLength(1);
  });

  it('matches provinces when the zone lists them', () => {
    expect(names(applicableRates(zones, { country: 'US', province: 'ca', totalWeight: 0, totalPrice: 5_000 }))).toEqual(['Ground', 'Flat']);
    expect(names(applicableRates(zones, { country: 'US', province: 'NY', totalWeight: 0, totalPrice: 5_000 }))).toEqual(['Flat']);
    expect(names(applicableRates(zones, { country: 'US', totalWeight: 0, totalPrice: 5_000 }))).toEqual(['Flat']);
    expect(zoneCoversCart(westCoast, { country: 'US', province: 'WA' })).toBe(true);
    expect(zoneCoversCart(westCoast, { country: 'CA', province: 'WA' })).toBe(false);
  });

  it('answers nothing for a country no zone ships to', () => {
    expect(applicableRates(zones, { country: 'JP', totalWeight: 0, totalPrice: 0 })).toEqual([]);
    expect(applicableRates([], { country: 'NL', totalWeight: 0, totalPrice: 0 })).toEqual([]);
  });
});
