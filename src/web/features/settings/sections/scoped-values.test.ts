import { describe, expect, it } from 'vitest';
import { resolveSettings } from '#shared/schemas/settings';
import { resolveVendorSettings } from '#shared/schemas/vendor-settings';
import { EMPTY_ADDRESS, scopedValues } from './scoped-values.ts';

describe('scopedValues', () => {
  const settings = resolveSettings({
    currency: 'GBP',
    holidays: { enabled: true, from: '2026-12-20', to: '2026-12-31', message: 'Closed' },
  });

  it("reads the store's own values in the marketplace view", () => {
    const values = scopedValues(settings, null);
    expect(values.holidays).toMatchObject({ enabled: true, message: 'Closed' });
    expect(values.currency).toEqual({ displayCurrency: 'GBP' });
    expect(values.shipFrom.shipFromAddress).toEqual(EMPTY_ADDRESS);
    expect(values.shipFrom.defaultPackage.distanceUnit).toBe('cm');
  });

  it("reads the vendor's own values, the marketplace currency until it chose one", () => {
    const vendor = resolveVendorSettings({ holidays: { enabled: false, from: '', to: '', message: '-' } });
    const values = scopedValues(settings, vendor);
    expect(values.holidays.enabled).toBe(false);
    expect(values.currency).toEqual({ displayCurrency: 'GBP' });
    expect(scopedValues(settings, { ...vendor, displayCurrency: 'EUR' }).currency).toEqual({ displayCurrency: 'EUR' });
  });
});
