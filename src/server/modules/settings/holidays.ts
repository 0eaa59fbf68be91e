import type { Db } from '#server/db/client';
import { readStoreSettings } from './store-settings.ts';
import { readVendorSettings } from './vendor-settings.ts';

export interface HolidayNotice {
  message: string;
  /** The last day of the holidays (YYYY-MM-DD). */
  until: string;
}

/**
 * The holidays of each vendor that is away today (from and to included, UTC days), while the store
 * has its holidayMode feature on; vendors not on holiday are left out.
 */
export async function vendorsOnHoliday(db: Db, storeId: string, vendorIds: string[], now: Date): Promise<Map<string, HolidayNotice>> {
  const away = new Map<string, HolidayNotice>();
  if (vendorIds.length === 0 || !(await readStoreSettings(db, storeId)).features.holidayMode.enabled) return away;
  const today = now.toISOString().slice(0, 10);
  for (const vendorId of new Set(vendorIds)) {
    const { holidays } = await readVendorSettings(db, storeId, vendorId);
    if (holidays.enabled && holidays.from <= today && today <= holidays.to) away.set(vendorId, { message: holidays.message, until: holidays.to });
  }
  return away;
}
