import type { Permission } from '#shared/permissions';

export interface NavItem {
  to: string;
  /** Key in the shell namespace. */
  label: string;
  /** Shown only to users with this permission. */
  permission?: Permission;
  /** Shown only to admins (spec §6 admin-level calls), whatever vendor they act as. */
  adminOnly?: boolean;
}

/** The areas that exist so far; each new area adds its entry here. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'nav.home' },
  { to: '/vendors', label: 'nav.vendors', adminOnly: true },
  { to: '/products', label: 'nav.products', permission: 'read_products' },
  { to: '/orders', label: 'nav.orders', permission: 'read_orders' },
  { to: '/settings/page', label: 'nav.settings', permission: 'read_settings' },
  { to: '/commissions', label: 'nav.commissions', adminOnly: true },
  { to: '/delivery', label: 'nav.delivery' },
  { to: '/notifications', label: 'nav.notifications', adminOnly: true },
  { to: '/metafields', label: 'nav.metafields', adminOnly: true },
  // The label lives in the vendor page's own texts (namespace:key).
  { to: '/vendor-page', label: 'vendor-page:nav' },
];
