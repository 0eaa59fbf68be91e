import type { Features } from '#shared/schemas/settings';
import { MARKETPLACE_SECTIONS, SHOP_SECTIONS, type SettingsSectionEntry } from './settings-sections.ts';

export type SettingsPageId = 'general' | 'features' | 'vendors' | 'money' | 'shop' | 'shipping';

export interface SettingsPageEntry {
  /** Its address: /app/settings/page/<id>. */
  id: SettingsPageId;
  /** The whole marketplace's (admins only), or the shop of whoever is working. */
  scope: 'marketplace' | 'shop';
}

/** The settings pages in the order of the sub-navigation; each shows its sections with one save bar. */
export const SETTINGS_PAGES: SettingsPageEntry[] = [
  { id: 'general', scope: 'marketplace' },
  { id: 'features', scope: 'marketplace' },
  { id: 'vendors', scope: 'marketplace' },
  { id: 'money', scope: 'marketplace' },
  { id: 'shop', scope: 'shop' },
  { id: 'shipping', scope: 'shop' },
];

export interface VisibleSettingsPage extends SettingsPageEntry {
  sections: SettingsSectionEntry[];
}

/**
 * The pages a caller sees, each with the sections it shows: vendors only their shop's, admins the
 * marketplace's as well (in the marketplace view, the marketplace's own shop); a section of a
 * switched-off feature is not shown, and a page left without sections is not either.
 */
export function visibleSettingsPages(caller: { admin: boolean; marketplaceView: boolean }, features: Features): VisibleSettingsPage[] {
  const shown = (section: SettingsSectionEntry) =>
    (!section.feature || features[section.feature].enabled) && !(section.vendorOnly && caller.marketplaceView);
  const sections = [...(caller.admin ? MARKETPLACE_SECTIONS : []), ...SHOP_SECTIONS].filter(shown);
  return SETTINGS_PAGES.map((page) => ({ ...page, sections: sections.filter((section) => section.page === page.id) })).filter(
    (page) => page.sections.length > 0,
  );
}

/** The page of a section, for the addresses of before the pages (/app/settings/page#membership). */
export const pageOfSection = (pages: VisibleSettingsPage[], sectionId: string) =>
  pages.find((page) => page.sections.some((section) => section.id === sectionId));
