import type { AppInfo, ShopInfo } from '#shared/schemas/app-info';
import type { Settings } from '#shared/schemas/settings';
import { toNotificationSettingsView } from '#shared/schemas/notifications';
import { permissionsFor } from '#shared/permissions';
import type { AppContext } from '#server/context';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { stores } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { readNotificationSettings } from '../notifications/index.ts';
import { getStore } from '../stores/index.ts';
import { resolveVendorScope } from '../vendors/index.ts';
import { readStoreSettings } from './store-settings.ts';
import { readVendorSettings } from './vendor-settings.ts';
import { platformShopInfo } from './app-status.ts';

/** GET app/info: the caller's store as the shell draws it, and the caller. */
export async function readAppInfo(db: Db, auth: AuthContext): Promise<AppInfo> {
  const store = await getStore(db, auth.storeId);
  const [site] = await db.select({ shop: stores.platformShop }).from(stores).where(eq(stores.id, store.id));
  return {
    store: store.id,
    shopName: store.shopName,
    wordings: store.settings.wordings,
    wordingsByLanguage: store.settings.wordingsByLanguage,
    features: store.settings.features,
    vendorPages: store.settings.vendorPage.enabled,
    colors: store.settings.colors,
    logo: store.settings.logoText,
    siteUrl: site?.shop ? `https://${site.shop}` : null,
    support: store.settings.support,
    texts: store.settings.features.translations.enabled ? store.settings.translations.dict : {},
    user: {
      email: auth.email,
      name: auth.name,
      vendor: auth.vendor,
      admin: auth.isAdmin,
      permissions: permissionsFor({ admin: auth.isAdmin }),
    },
  };
}

/** The platform shop's own answer for a store installed on one; else the built-in storefront's one location, channel and its languages. */
export async function readShopInfo(ctx: AppContext, storeId: string): Promise<ShopInfo> {
  const platform = await platformShopInfo(ctx, storeId);
  if (platform) return platform;
  const store = await getStore(ctx.db, storeId);
  const extra = store.settings.translations.enabled ? store.settings.translations.locales : [];
  return {
    locations: [{ id: 'local-default', name: `${store.shopName} warehouse` }],
    publications: [{ id: 'local-catalog', name: 'Public catalog' }],
    locales: [
      { locale: 'en', primary: true, published: true },
      ...extra.filter((l) => l !== 'en').map((locale) => ({ locale, primary: false, published: true })),
    ],
  };
}

/** Settings as answered: the notifications section carries the mailing key (encrypted), so only its safe view goes out. */
export async function settingsAnswer(db: Db, storeId: string, settings: Settings) {
  return { ...settings, notifications: toNotificationSettingsView(await readNotificationSettings(db, storeId)) };
}

/** GET settings: the store's settings and the vendor's own; a vendor always gets its own, whatever forVendor says. */
export async function settingsForCaller(db: Db, auth: AuthContext, forVendor: string | undefined) {
  const settings = await readStoreSettings(db, auth.storeId);
  const { vendorId } = await resolveVendorScope(db, auth, forVendor);
  return {
    settings: await settingsAnswer(db, auth.storeId, settings),
    vendorSettings: vendorId ? await readVendorSettings(db, auth.storeId, vendorId) : null,
  };
}
