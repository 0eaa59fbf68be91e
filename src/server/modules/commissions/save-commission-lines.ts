import type { CommissionLine, MarketplaceVendorSettings } from '#shared/schemas/commissions';
import { toCommissionLineAnswer } from '#shared/schemas/commissions';
import { resolveVendorSettings } from '#shared/schemas/vendor-settings';
import type { Db } from '#server/db/client';
import { COMMISSIONS_KEY, resolveCommissionLines } from './get-commission-lines.ts';
import { patchSettingsKeys, readSettingsDocument } from '../settings/index.ts';
import { getVendorByName } from '../vendors/index.ts';

/** PATCH app/info/commission-v2: the marketplace lines (already validated by CommissionLinesSchema). */
export async function saveMarketplaceCommissions(db: Db, storeId: string, lines: CommissionLine[]) {
  await patchSettingsKeys(db, { storeId, vendorId: null }, { [COMMISSIONS_KEY]: lines.map(toCommissionLineAnswer) });
  return resolveCommissionLines(db, storeId, null);
}

/** A vendor's own lines; null, absent or [] removes them, so the marketplace lines apply again. */
const commissionsPatch = (lines: CommissionLine[] | null | undefined) =>
  lines && lines.length > 0
    ? { set: { [COMMISSIONS_KEY]: lines.map(toCommissionLineAnswer) }, remove: [] }
    : { set: {}, remove: [COMMISSIONS_KEY] };

/** PUT settings/commission. */
export async function saveVendorCommissions(db: Db, storeId: string, vendorName: string, lines: CommissionLine[] | null | undefined) {
  const vendor = await getVendorByName(db, storeId, vendorName);
  const { set, remove } = commissionsPatch(lines);
  await patchSettingsKeys(db, { storeId, vendorId: vendor.id }, set, remove);
  const { lines: commissions, source } = await resolveCommissionLines(db, storeId, vendor.id);
  return { vendor: vendor.name, commissions, source };
}

/**
 * PUT settings/marketplace-settings: what the marketplace manages for one vendor. Absent fields stay
 * as they are; commissions null or [] goes back to the marketplace lines.
 */
export async function saveMarketplaceVendorSettings(db: Db, storeId: string, input: MarketplaceVendorSettings) {
  const vendor = await getVendorByName(db, storeId, input.vendor);
  const scope = { storeId, vendorId: vendor.id };
  const patch = input.commissions === undefined ? { set: {}, remove: [] } : commissionsPatch(input.commissions);
  const set: Record<string, unknown> = { ...patch.set };
  if (input.autoApprove !== undefined) set.autoApprove = input.autoApprove;
  if (input.isManagedByMarketplace !== undefined) set.isManagedByMarketplace = input.isManagedByMarketplace;
  await patchSettingsKeys(db, scope, set, patch.remove);
  // The flags read with the vendor settings' own defaults (autoApprove null = the marketplace's default).
  const { autoApprove, isManagedByMarketplace } = resolveVendorSettings(await readSettingsDocument(db, { storeId, vendorId: vendor.id }));
  const { lines: commissions, source } = await resolveCommissionLines(db, storeId, vendor.id);
  return { vendor: vendor.name, autoApprove, isManagedByMarketplace, commissions, source };
}
