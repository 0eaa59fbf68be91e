import type { Db } from '#server/db/client';
import type { Holidays } from '#shared/schemas/vendor-settings';
import { readStoreSettings } from './store-settings.ts';
import { readVendorSettings } from './vendor-settings.ts';

export interface HolidayNotice {
  message: string;
  /** The last day of the holidays (YYYY-MM-DD). */
  until: string;
  /** The marketplace's own holidays, which close every vendor, rather than the vendor's. */
  marketplace: boolean;
}

const coversDay = (holidays: Holidays, day: string) => holidays.enabled && holidays.from <= day && day <= holidays.to;

/**
 * The holidays of each vendor that is away today (from and to included, UTC days), while the store
 * has its holidayMode feature on; vendors not on holiday are left out. The marketplace's own
 * holidays (saved by an admin in the marketplace view) close the whole marketplace: every vendor is
 * away with the marketplace's message.
 */
export async function vendorsOnHoliday(db: Db, storeId: string, vendorIds: string[], now: Date): Promise<Map<string, HolidayNotice>> {
  const away = new Map<string, HolidayNotice>();
  if (vendorIds.length === 0) return away;
  const store = await readStoreSettings(db, storeId);
  if (!store.features.holidayMode.enabled) return away;
  const today = now.toISOString().slice(0, 10);
  if (coversDay(store.holidays, today)) {
    for (const vendorId of vendorIds) away.set(vendorId, { message: store.holidays.message, until: store.holidays.to, marketplace: true });
    return away;
  }
  for (const vendorId of new Set(vendorIds)) {
    const { holidays } = await readVendorSettings(db, storeId, vendorId);
    if (coversDay(holidays, today)) away.set(vendorId, { message: holidays.message, until: holidays.to, marketplace: false });
  }
  return away;
}
