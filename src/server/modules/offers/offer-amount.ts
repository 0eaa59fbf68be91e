import { currencyDecimals, isExactAmount, toMinorUnits } from '#shared/money';
import { OFFER_MESSAGES } from '#shared/schemas/offers';
import { badRequest } from '#server/http/errors';

/** An amount typed in major units, as minor units of the currency; more decimals than it has are refused. */
export function parseOfferAmount(text: string, currency: string, path: string): number {
  const decimals = currencyDecimals(currency);
  if (!isExactAmount(text, decimals)) throw badRequest(OFFER_MESSAGES.notAnAmount, [{ path, message: OFFER_MESSAGES.notAnAmount }]);
  const minor = toMinorUnits(text, decimals);
  if (minor <= 0) throw badRequest(OFFER_MESSAGES.positive, [{ path, message: OFFER_MESSAGES.positive }]);
  return minor;
}
