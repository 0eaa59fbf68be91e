import type { Permission } from '#shared/permissions';
import type { AppInfo } from '#shared/schemas/app-info';
import type { FeatureFlag } from '#shared/schemas/settings';
import type { SessionUser } from '#web/session/session-user.ts';

/** The sidebar's groups, in the order they are shown (their titles: shell `nav.groups.<group>`). */
export const NAV_GROUPS = ['sales', 'catalog', 'money', 'engagement', 'settings'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface NavItem {
  to: string;
  /** Key in the shell namespace (or namespace:key of the area's own texts). */
  label: string;
  /** Absent for the entries above the groups (home). */
  group?: NavGroup;
  /** Shown only to users with this permission. */
  permission?: Permission;
  /** Shown only to admins (admin-level calls), whatever vendor they act as. */
  adminOnly?: boolean;
  /** Shown only while the store has this feature switched on. */
  feature?: FeatureFlag;
  /**
   * Shown to a vendor only while the store has vendor pages on; an admin keeps it, since the
   * screen leads the admin to the setting that switches them on.
   */
  vendorPages?: true;
  /** Active only on this exact address, not on the addresses below it. */
  end?: boolean;
}

/**
 * Every area of the back-office, one line each: a new area adds its entry when its screen exists
 * (the dashboard with feature `dashboard`, offers `makeAnOffer`, discounts `discounts`,
 * conversations `messages`, integrations `integrations`, finance and installation).
 */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'nav.home', end: true },
  { to: '/orders', label: 'nav.orders', group: 'sales', permission: 'read_orders' },
  { to: '/vendors', label: 'nav.vendors', group: 'sales', adminOnly: true, end: true },
  { to: '/vendors/applications', label: 'nav.applications', group: 'sales', adminOnly: true },
  { to: '/products', label: 'nav.products', group: 'catalog', permission: 'read_products' },
  { to: '/metafields', label: 'nav.metafields', group: 'catalog', adminOnly: true },
  // The label lives in the vendor page's own texts (namespace:key).
  { to: '/vendor-page', label: 'vendor-page:nav', group: 'catalog', vendorPages: true },
  { to: '/finance', label: 'finance:nav', group: 'money', permission: 'read_finance' },
  { to: '/commissions', label: 'nav.commissions', group: 'money', adminOnly: true },
  { to: '/discounts', label: 'discounts:nav', group: 'money', feature: 'discounts' },
  { to: '/conversations', label: 'conversations:nav', group: 'engagement', feature: 'messages' },
  { to: '/offers', label: 'offers:nav', group: 'engagement', feature: 'makeAnOffer' },
  { to: '/notifications', label: 'nav.notifications', group: 'engagement', adminOnly: true },
  { to: '/settings/page', label: 'nav.settings', group: 'settings', permission: 'read_settings' },
  { to: '/delivery', label: 'nav.delivery', group: 'settings', feature: 'delivery' },
  // Not behind the `integrations` flag: paying vendors through Stripe or PayPal is always available.
  { to: '/payments', label: 'integrations:nav.payments', group: 'settings', permission: 'read_integrations' },
  // Paying the membership goes through the card provider's calls, which the `integrations` flag carries.
  {
    to: '/integrations',
    label: 'integrations:nav.integrations',
    group: 'settings',
    permission: 'read_integrations',
    feature: 'integrations',
  },
  { to: '/membership', label: 'membership:nav', group: 'settings', feature: 'integrations' },
  { to: '/installation', label: 'installation:nav', group: 'settings', adminOnly: true },
  // Admins see the store's changes, vendors their own data's.
  { to: '/audit', label: 'audit:nav', group: 'settings' },
];

/** The namespaces of the labels (shell, and the areas whose labels live in their own texts), loaded with the menu. */
export const NAV_NAMESPACES = [
  'shell',
  ...new Set(NAV_ITEMS.flatMap((item) => (item.label.includes(':') ? [item.label.split(':')[0]] : []))),
];

/** What the menu reads of the store: its feature switches and whether vendors have pages. */
export type StoreSwitches = Pick<AppInfo, 'features' | 'vendorPages'>;

/** The entries this user may use in this store: permission, admin-only and the store's switches. */
export function visibleNavItems(
  user: Pick<SessionUser, 'admin' | 'permissions'>,
  store: StoreSwitches | undefined,
  items = NAV_ITEMS,
): NavItem[] {
  return items.filter(
    (item) =>
      (!item.permission || user.permissions.includes(item.permission)) &&
      (!item.adminOnly || user.admin) &&
      // Until the store's switches have loaded, switchable entries wait rather than flash in.
      (!item.feature || !!store?.features[item.feature].enabled) &&
      (!item.vendorPages || user.admin || !!store?.vendorPages),
  );
}

/** The visible entries under their groups; empty groups are left out. */
export function groupNavItems(items: NavItem[]): { top: NavItem[]; groups: { group: NavGroup; items: NavItem[] }[] } {
  return {
    top: items.filter((item) => !item.group),
    groups: NAV_GROUPS.map((group) => ({ group, items: items.filter((item) => item.group === group) })).filter((g) => g.items.length > 0),
  };
}
