import { describe, expect, it } from 'vitest';
import { isMarketplaceView, permissionsFor } from './permissions.ts';

describe('permissionsFor', () => {
  it('gives an admin what a vendor has, and switch_vendor besides', () => {
    const vendor = permissionsFor({ admin: false });
    expect(vendor).not.toContain('switch_vendor');
    expect(permissionsFor({ admin: true })).toEqual([...vendor, 'switch_vendor']);
  });

  it('gives nothing when signed out', () => {
    expect(permissionsFor(null)).toEqual([]);
  });

  it('hands out copies, so a caller cannot change another user’s list', () => {
    permissionsFor({ admin: false }).push('switch_vendor');
    expect(permissionsFor({ admin: false })).not.toContain('switch_vendor');
  });
});

describe('isMarketplaceView', () => {
  it('is true for the * vendor claim only', () => {
    expect(isMarketplaceView({ vendor: '*' })).toBe(true);
    expect(isMarketplaceView({ vendor: 'Vendor One' })).toBe(false);
    expect(isMarketplaceView({ vendor: '' })).toBe(false);
  });
});
