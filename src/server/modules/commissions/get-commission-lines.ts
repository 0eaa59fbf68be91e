import { z } from 'zod';
import { StoredCommissionLinesSchema, type CommissionSource, type StoredCommissionLine } from '#shared/schemas/commissions';
import type { Db } from '#server/db/client';
import { readSettingsDocument } from '../settings/index.ts';

/** The settings key that holds a scope's commission lines. */
export const COMMISSIONS_KEY = 'commissions';
/** The percentage of the default line when the marketplace has set none (spec settings defaultCommissions). */
export const DEFAULT_COMMISSION_PERCENTAGE = 10;

const DefaultCommissionsSchema = z.object({
  defaultCommissions: z.object({ percentage: z.number().min(0).max(100), min: z.number().min(0).default(0) }),
});

/** Stored lines, if they are still valid lines; anything else counts as "none set". */
function storedLines(settings: Record<string, unknown>): StoredCommissionLine[] | null {
  const parsed = StoredCommissionLinesSchema.safeParse(settings[COMMISSIONS_KEY]);
  return parsed.success ? parsed.data.map((line) => ({ ...line, max: line.max ?? null, constraint: line.constraint ?? null })) : null;
}

/**
 * The one line of settings.defaultCommissions: its percentage on every amount, and its min as the
 * least commission of an order line (major units), so small sales still pay the marketplace.
 */
export function defaultCommissionLines(marketplaceSettings: Record<string, unknown>): StoredCommissionLine[] {
  const parsed = DefaultCommissionsSchema.safeParse(marketplaceSettings);
  const { percentage, min } = parsed.success ? parsed.data.defaultCommissions : { percentage: DEFAULT_COMMISSION_PERCENTAGE, min: 0 };
  return [{ min: 0, max: null, flat: 0, percentage, constraint: null, ...(min > 0 ? { minimum: min } : {}) }];
}

/**
 * The lines that apply to a vendor (or to the marketplace when vendorId is null) and where they come
 * from: the vendor's own lines, else the marketplace lines, else one line of
 * settings.defaultCommissions.percentage (10 %) on everything, at least its min.
 */
export async function resolveCommissionLines(
  db: Db,
  storeId: string,
  vendorId: string | null,
): Promise<{ lines: StoredCommissionLine[]; source: CommissionSource }> {
  if (vendorId !== null) {
    const own = storedLines(await readSettingsDocument(db, { storeId, vendorId }));
    if (own) return { lines: own, source: 'vendor' };
  }
  const marketplace = await readSettingsDocument(db, { storeId, vendorId: null });
  const lines = storedLines(marketplace);
  return lines ? { lines, source: 'marketplace' } : { lines: defaultCommissionLines(marketplace), source: 'default' };
}
