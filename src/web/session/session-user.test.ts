import { describe, expect, it } from 'vitest';
import { hasPermission, sessionRole, userFromClaims } from './session-user.ts';

const admin = { email: 'admin@demo.test', name: 'Demo Admin', store: 'demo', vendor: '*', admin: true, exp: 100 };
const vendor = { email: 'vendor1@demo.test', store: 'demo', vendor: 'Vendor One', admin: false, exp: 100 };

describe('userFromClaims', () => {
  it('builds an admin in the marketplace view with switch_vendor', () => {
    const user = userFromClaims(admin, false);
    expect(user).toMatchObject({ name: 'Demo Admin', store: 'demo', vendor: '*', admin: true, isEmbedded: false, marketplaceView: true });
    expect(hasPermission(user, 'switch_vendor')).toBe(true);
    expect(sessionRole(user)).toBe('admin');
  });

  it('names a vendor without a name after its vendor, without switch_vendor', () => {
    const user = userFromClaims(vendor, true);
    expect(user).toMatchObject({ name: 'Vendor One', isEmbedded: true, marketplaceView: false });
    expect(hasPermission(user, 'read_orders')).toBe(true);
    expect(hasPermission(user, 'switch_vendor')).toBe(false);
    expect(sessionRole(user)).toBe('vendor');
  });

  it('knows an admin acting as one vendor', () => {
    expect(sessionRole(userFromClaims({ ...admin, vendor: 'Vendor Two' }, false))).toBe('admin-as-vendor');
  });

  it('grants nothing to nobody', () => {
    expect(hasPermission(null, 'read_settings')).toBe(false);
  });
});
