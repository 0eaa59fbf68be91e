import type { Permission } from '#shared/permissions';

export interface NavItem {
  to: string;
  /** Key in the shell namespace. */
  label: string;
  /** Shown only to users with this permission. */
  permission?: Permission;
}

/** The areas that exist so far; each new area adds its entry here. */
export const NAV_ITEMS: NavItem[] = [{ to: '/', label: 'nav.home' }];
