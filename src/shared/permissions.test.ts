import { describe, expect, it } from 'vitest';
import { BASE_PERMISSIONS, isMarketplaceView, permissionsFor } from './permissions.ts';

describe('permissionsFor', () => {
  it('gives every signed-in user the spec’s eight permissions', () => {
    expect(permissionsFor({ admin: false })).toEqual([
      'read_settings',
      'read_orders',
      'write_orders',
      'read_products',
      'write_products',
      'read_integrations',
      'write_integrations',
      'read_finance',
    ]);
  });

  it('adds switch_vendor for admins only', () => {
    expect(permissionsFor({ admin: true })).toEqual([...BASE_PERMISSIONS, 'switch_vendor']);
    expect(permissionsFor({ admin: false })).not.toContain('switch_vendor');
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
