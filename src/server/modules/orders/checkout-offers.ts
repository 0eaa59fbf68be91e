import { ORDER_MESSAGES, type CheckoutBody } from '#shared/schemas/orders';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { AppError, badRequest } from '#server/http/errors';

/**
 * The checkout's one door for an agreed price: a buyer whose offer was accepted checks out with the
 * offer's token (`offerToken`), and its line is sold at the agreed unit price. The offers module
 * contributes the reader (orders does not import offers: offers uses the orders' stock moves).
 */
export interface CheckoutOffer {
  variantId: string;
  quantity: number;
  /** Per unit, minor units of `currency`. */
  agreedPrice: number;
  currency: string;
  /**
   * In the checkout's transaction, after the cart's variants are locked: checks the offer still waits
   * for this checkout and gives back the stock it set aside, which the order then takes (never twice).
   */
  release(tx: Db): Promise<void>;
  /** In the same transaction, once the order exists: the offer is completed by it. */
  complete(tx: Db, orderId: string): Promise<void>;
}

export type CheckoutOfferReader = (ctx: AppContext, storeId: string, token: string) => Promise<CheckoutOffer>;

/** The offer a checkout names, its line checked against the cart: the offer's variant, exactly its quantity. */
export async function readCheckoutOffer(ctx: AppContext, storeId: string, body: CheckoutBody): Promise<CheckoutOffer | null> {
  if (!body.offerToken) return null;
  const reader = ctx.contributions.checkoutOffers;
  if (!reader) throw badRequest(ORDER_MESSAGES.notForSale);
  const offer = await reader(ctx, storeId, body.offerToken);
  const quantity = body.lines.filter((l) => l.variantId === offer.variantId).reduce((sum, l) => sum + l.quantity, 0);
  if (quantity !== offer.quantity)
    throw new AppError('conflict', ORDER_MESSAGES.offerQuantity, [{ path: 'lines', message: ORDER_MESSAGES.offerQuantity }]);
  return offer;
}

/**
 * The cart's lines with the offer's variant at the agreed price, and what the stock check still has
 * to find (the offer's units are set aside already). An offer agreed in another currency than its
 * product's is refused: its minor units are another sum, and reading them as the product's would
 * charge ¥1,700 as $17.00.
 */
export function applyCheckoutOffer<T extends { variantId: string; price: number; quantity: number; currency: string }>(
  lines: T[],
  offer: CheckoutOffer | null,
) {
  if (!offer) return { lines, toReserve: lines };
  const product = lines.find((l) => l.variantId === offer.variantId);
  if (product && product.currency !== offer.currency) {
    const message = ORDER_MESSAGES.offerCurrency(offer.currency, product.currency);
    throw new AppError('conflict', message, [{ path: 'offerToken', message }]);
  }
  const priced = lines.map((l) => (l.variantId === offer.variantId ? { ...l, price: offer.agreedPrice } : l));
  return {
    lines: priced,
    toReserve: priced.map((l) => (l.variantId === offer.variantId ? { ...l, quantity: l.quantity - offer.quantity } : l)),
  };
}
