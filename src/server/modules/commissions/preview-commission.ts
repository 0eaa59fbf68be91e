import { computeCommission } from '#shared/commission';
import { currencyDecimals, toAmountText } from '#shared/money';
import { toCommissionLineAnswer, type CommissionPreviewAnswer } from '#shared/schemas/commissions';
import type { Db } from '#server/db/client';
import { amountFromBody } from '#server/http/amounts';
import { resolveCommissionLines } from './get-commission-lines.ts';
import { readStoreCurrency } from '../settings/index.ts';
import type { VendorScope } from '../vendors/index.ts';

/** GET commissions/preview: the commission of a typed amount of the store's currency under the scope's lines. */
export async function previewCommission(
  db: Db,
  scope: VendorScope,
  input: { amount: string; key?: string; value?: string },
): Promise<CommissionPreviewAnswer> {
  const [{ lines, source }, currency] = await Promise.all([
    resolveCommissionLines(db, scope.storeId, scope.vendorId),
    readStoreCurrency(db, scope.storeId),
  ]);
  const amount = amountFromBody(input.amount, currency, 'amount');
  const attributes = input.key && input.value ? { [input.key]: input.value } : {};
  const result = computeCommission(amount, lines, attributes, { currencyDecimals: currencyDecimals(currency) });
  return {
    currency,
    amount: toAmountText(amount, currency),
    commission: toAmountText(result.commission, currency),
    vendorShare: toAmountText(result.vendorShare, currency),
    line: result.line && toCommissionLineAnswer(result.line, currency),
    source,
  };
}
