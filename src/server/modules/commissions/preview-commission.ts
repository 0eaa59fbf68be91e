import { computeCommission } from '#shared/commission';
import { roundToMinorUnits, toMajorUnits } from '#shared/money';
import type { CommissionPreviewAnswer } from '#shared/schemas/commissions';
import type { Db } from '#server/db/client';
import { resolveCommissionLines } from './get-commission-lines.ts';
import type { VendorScope } from '../vendors/index.ts';

/** GET commissions/preview: the commission of a typed amount (major units) under the scope's lines. */
export async function previewCommission(
  db: Db,
  scope: VendorScope,
  input: { amount: number; key?: string; value?: string },
): Promise<CommissionPreviewAnswer> {
  const { lines, source } = await resolveCommissionLines(db, scope.storeId, scope.vendorId);
  const amount = roundToMinorUnits(input.amount, 2);
  const attributes = input.key && input.value ? { [input.key]: input.value } : {};
  const result = computeCommission(amount, lines, attributes);
  return {
    amount: toMajorUnits(amount, 2),
    commission: toMajorUnits(result.commission, 2),
    vendorShare: toMajorUnits(result.vendorShare, 2),
    line: result.line,
    source,
  };
}
