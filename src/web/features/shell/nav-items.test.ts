import { describe, expect, it } from 'vitest';
import { permissionsFor } from '#shared/permissions';
import { FeaturesSchema } from '#shared/schemas/settings';
import { groupNavItems, visibleNavItems } from './nav-items.ts';

const admin = { admin: true, permissions: permissionsFor({ admin: true }) };
const vendor = { admin: false, permissions: permissionsFor({ admin: false }) };
const features = (on: Record<string, boolean> = {}, vendorPages = true) => ({
  features: FeaturesSchema.parse(Object.fromEntries(Object.entries(on).map(([flag, enabled]) => [flag, { enabled }]))),
  vendorPages,
});
const paths = (items: { to: string }[]) => items.map((item) => item.to);

describe('the navigation', () => {
  it('shows admins every area of the store, vendors only theirs', () => {
    expect(paths(visibleNavItems(admin, features({ delivery: true })))).toEqual([
      '/',
      '/orders',
      '/vendors',
      '/vendors/applications',
      '/products',
      '/metafields',
      '/vendor-page',
      '/finance',
      '/commissions',
      '/notifications',
      '/settings/page',
      '/delivery',
      '/payments',
      '/installation',
      '/audit',
    ]);
    expect(paths(visibleNavItems(vendor, features({ delivery: true })))).toEqual([
      '/',
      '/orders',
      '/products',
      '/vendor-page',
      '/finance',
      '/settings/page',
      '/delivery',
      '/payments',
      '/audit',
    ]);
    expect(paths(visibleNavItems(vendor, features({ integrations: true })))).toContain('/membership');
  });

  it('leaves out the areas of features switched off, and waits for the features to load', () => {
    expect(paths(visibleNavItems(admin, features({ delivery: false })))).not.toContain('/delivery');
    expect(paths(visibleNavItems(admin, undefined))).not.toContain('/delivery');
  });

  it("leaves a vendor's page out of a vendor's menu while vendor pages are off; an admin keeps it, to switch them on", () => {
    expect(paths(visibleNavItems(vendor, features({}, false)))).not.toContain('/vendor-page');
    expect(paths(visibleNavItems(vendor, undefined))).not.toContain('/vendor-page');
    expect(paths(visibleNavItems(admin, features({}, false)))).toContain('/vendor-page');
  });

  it('groups the entries in the sidebar order and drops empty groups', () => {
    const { top, groups } = groupNavItems(visibleNavItems(vendor, features()));
    expect(paths(top)).toEqual(['/']);
    expect(groups.map((g) => [g.group, paths(g.items)])).toEqual([
      ['sales', ['/orders']],
      ['catalog', ['/products', '/vendor-page']],
      ['money', ['/finance']],
      ['settings', ['/settings/page', '/payments', '/audit']],
    ]);
  });

  it('offers the payment providers whatever the integrations feature says', () => {
    expect(paths(visibleNavItems(vendor, features({ integrations: false })))).toContain('/payments');
  });
});
