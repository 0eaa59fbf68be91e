import { amountToMinor, isExactAmount, currencyDecimals, toMajorUnits } from '#shared/money';
import { MONEY_MESSAGES } from '#shared/schemas/money';
import { badRequest } from './errors.ts';

/**
 * An amount text of a body (already checked by moneyAmount) in minor units of its currency: the one
 * place a request's amount becomes an integer. More decimals than the currency has is the client's
 * mistake, a 400 on the field, never a rounding.
 */
export function amountFromBody(amount: string, currency: string, path: string): number {
  const decimals = currencyDecimals(currency);
  if (!isExactAmount(amount, decimals)) {
    throw badRequest(MONEY_MESSAGES.tooManyDecimals(decimals), [{ path, message: MONEY_MESSAGES.tooManyDecimals(decimals) }]);
  }
  return amountToMinor(amount, currency);
}

/** An amount text of a body as the major-unit number settings store (commission lines, delivery rates); see amountFromBody. */
export function majorFromBody(amount: string, currency: string, path: string): number {
  return toMajorUnits(amountFromBody(amount, currency, path), currencyDecimals(currency));
}
