import type { AppContext } from '../context.ts';
import { DEMO_STORE } from './seed-demo.ts';
import { sheetLinks } from '../db/schema/index.ts';
import { spreadsheetIdOf } from '#shared/schemas/sheets';
import { patchStoreSettings } from '../modules/settings/store-settings.ts';

/** Google's own public sample sheet: the demo shows a saved address (writing needs GOOGLE_SHEETS_* set and a sheet of your own). */
const DEMO_SHEET = 'https://docs.google.com/spreadsheets/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit';

/** Integrations switched on for the demo store, with the marketplace's sheet set. */
export async function seedDemoSheets(ctx: AppContext) {
  await patchStoreSettings(ctx.db, DEMO_STORE, { features: { integrations: { enabled: true } } });
  await ctx.db
    .insert(sheetLinks)
    .values({ storeId: DEMO_STORE, scope: '*', vendorId: null, url: DEMO_SHEET, spreadsheetId: spreadsheetIdOf(DEMO_SHEET) as string })
    .onConflictDoNothing();
}
