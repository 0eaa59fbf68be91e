import type { AppContext } from './context.ts';
import type { App } from './http/types.ts';
import type { ExportSource } from './modules/exports/index.ts';
import type { CheckoutOfferReader } from './modules/orders/index.ts';
import type { SettingsChangeCheck, ShopInfoSource, StatusCounter } from './modules/settings/index.ts';

/**
 * A server module as app.ts builds it: the one object its index.ts exports. Everything a module adds
 * to the running app goes through here, so what runs at boot is read from one list in app.ts rather
 * than found in route registrations.
 */
export interface ServerModule {
  /** Its HTTP routes (and their hooks). */
  register?(app: App, ctx: AppContext): void;
  /** The job kinds it runs, registered on the app's queue once. */
  jobs?(ctx: AppContext): void;
  /** At start, once the queue runs: its recurring jobs for every store, and recoveries of work a crash left in flight. */
  atStart?(ctx: AppContext): Promise<void>;
  /** Its recurring jobs for one store, queued when a marketplace is installed while the server runs. */
  scheduleStore?(ctx: AppContext, storeId: string): Promise<void>;
  /** What it lends modules that may not import it (they read it from ctx.contributions). */
  contributes?: Partial<Contributions>;
}

/**
 * What modules lend one another against the import direction, collected by app.ts from every
 * module's surface: a module that owns counted rows or an export cannot be imported by the module
 * that serves the counter or runs the export (that module is imported by it).
 */
export interface Contributions {
  /** Counters of GET app/status (products, orders, conversations, the platform's draft orders). */
  statusCounters: StatusCounter[];
  /** The export sources the one CSV export job runs. */
  exportSources: ExportSource[];
  /** Checks run when the store's settings are saved; each answers what to do once saved. */
  settingsChecks: SettingsChangeCheck[];
  /** The checkout's reader of an accepted offer's token (offers uses orders' stock, so orders cannot import offers). */
  checkoutOffers: CheckoutOfferReader | null;
  /** GET app/info/shop for stores installed on a platform. */
  shopInfo: ShopInfoSource | null;
}

/** The modules' contributions merged (a single-valued one from the last module naming it). */
export function collectContributions(modules: readonly ServerModule[]): Contributions {
  const all: Contributions = { statusCounters: [], exportSources: [], settingsChecks: [], checkoutOffers: null, shopInfo: null };
  for (const { contributes: c } of modules) {
    if (!c) continue;
    all.statusCounters.push(...(c.statusCounters ?? []));
    all.exportSources.push(...(c.exportSources ?? []));
    all.settingsChecks.push(...(c.settingsChecks ?? []));
    all.checkoutOffers = c.checkoutOffers ?? all.checkoutOffers;
    all.shopInfo = c.shopInfo ?? all.shopInfo;
  }
  return all;
}

/** The start of a built app's recurring work: every module's jobs queued for every store, and its recoveries. */
export async function startModules(ctx: AppContext, modules: readonly ServerModule[]) {
  for (const mod of modules) await mod.atStart?.(ctx);
}
