import type { CommissionLine, MarketplaceVendorSettings, StoredCommissionLine } from '#shared/schemas/commissions';
import { toCommissionLineAnswer } from '#shared/schemas/commissions';
import { resolveVendorSettings } from '#shared/schemas/vendor-settings';
import type { Db } from '#server/db/client';
import { majorFromBody } from '#server/http/amounts';
import { COMMISSIONS_KEY, resolveCommissionLines } from './get-commission-lines.ts';
import { patchSettingsKeys, readSettingsDocument, readStoreCurrency } from '../settings/index.ts';
import { getVendorByName } from '../vendors/index.ts';

/**
 * Lines as sent (amount text of the store's currency) as stored (major-unit numbers of it); more
 * decimals than the currency has is a 400 on the field (`commissions.0.flat`).
 */
function toStoredLines(lines: readonly CommissionLine[], currency: string): StoredCommissionLine[] {
  return lines.map((line, i) => {
    const major = (amount: string, field: string) => majorFromBody(amount, currency, `commissions.${i}.${field}`);
    return {
      min: major(line.min, 'min'),
      max: line.max == null ? null : major(line.max, 'max'),
      flat: major(line.flat, 'flat'),
      percentage: line.percentage,
      constraint: line.constraint ?? null,
    };
  });
}

/** The lines that apply to a scope, as answered: amount text of the store's currency. */
export async function answerCommissionLines(db: Db, storeId: string, vendorId: string | null) {
  const [{ lines, source }, currency] = await Promise.all([resolveCommissionLines(db, storeId, vendorId), readStoreCurrency(db, storeId)]);
  return { commissions: lines.map((line) => toCommissionLineAnswer(line, currency)), currency, source };
}

/** PATCH app/info/commission-v2: the marketplace lines (already validated by CommissionLinesSchema). */
export async function saveMarketplaceCommissions(db: Db, storeId: string, lines: CommissionLine[]) {
  const stored = toStoredLines(lines, await readStoreCurrency(db, storeId));
  await patchSettingsKeys(db, { storeId, vendorId: null }, { [COMMISSIONS_KEY]: stored });
  return answerCommissionLines(db, storeId, null);
}

/** A vendor's own lines; null, absent or [] removes them, so the marketplace lines apply again. */
async function commissionsPatch(db: Db, storeId: string, lines: CommissionLine[] | null | undefined) {
  if (!lines || lines.length === 0) return { set: {}, remove: [COMMISSIONS_KEY] };
  return { set: { [COMMISSIONS_KEY]: toStoredLines(lines, await readStoreCurrency(db, storeId)) }, remove: [] };
}

/** PUT settings/commission. */
export async function saveVendorCommissions(db: Db, storeId: string, vendorName: string, lines: CommissionLine[] | null | undefined) {
  const vendor = await getVendorByName(db, storeId, vendorName);
  const { set, remove } = await commissionsPatch(db, storeId, lines);
  await patchSettingsKeys(db, { storeId, vendorId: vendor.id }, set, remove);
  return { vendor: vendor.name, ...(await answerCommissionLines(db, storeId, vendor.id)) };
}

/**
 * PUT settings/marketplace-settings: what the marketplace manages for one vendor. Absent fields stay
 * as they are; commissions null or [] goes back to the marketplace lines.
 */
export async function saveMarketplaceVendorSettings(db: Db, storeId: string, input: MarketplaceVendorSettings) {
  const vendor = await getVendorByName(db, storeId, input.vendor);
  const scope = { storeId, vendorId: vendor.id };
  const patch = input.commissions === undefined ? { set: {}, remove: [] } : await commissionsPatch(db, storeId, input.commissions);
  const set: Record<string, unknown> = { ...patch.set };
  if (input.autoApprove !== undefined) set.autoApprove = input.autoApprove;
  if (input.isManagedByMarketplace !== undefined) set.isManagedByMarketplace = input.isManagedByMarketplace;
  await patchSettingsKeys(db, scope, set, patch.remove);
  // The flags read with the vendor settings' own defaults (autoApprove null = the marketplace's default).
  const { autoApprove, isManagedByMarketplace } = resolveVendorSettings(await readSettingsDocument(db, { storeId, vendorId: vendor.id }));
  return { vendor: vendor.name, autoApprove, isManagedByMarketplace, ...(await answerCommissionLines(db, storeId, vendor.id)) };
}
