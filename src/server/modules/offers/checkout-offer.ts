import { and, eq } from 'drizzle-orm';
import { OFFER_MESSAGES } from '#shared/schemas/offers';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { offers } from '#server/db/schema/index';
import { AppError, notFound } from '#server/http/errors';
import { type CheckoutOffer, moveStock } from '../orders/index.ts';
import { offerOfToken } from './buyer-offer.ts';
import { recordEvent } from './offer-history.ts';
import type { OfferRow } from './offer-scope.ts';

/**
 * The checkout's reader of an offer token (registered with orders' registerCheckoutOffers): an
 * accepted offer of this store whose checkout time has not passed sells its quantity at the agreed
 * price. In the checkout's transaction the offer is locked after the cart's variants (the checkout
 * locks those first, as every offer change does), checked again, and its held stock given back for
 * the order to take; once the order exists the offer is completed.
 */
export async function readOfferForCheckout(ctx: AppContext, storeId: string, token: string): Promise<CheckoutOffer> {
  const row = await offerOfToken(ctx, token);
  if (row.storeId !== storeId) throw notFound(OFFER_MESSAGES.notFound);
  const check = (current: OfferRow) => {
    if (current.status !== 'accepted' || current.agreedAmount === null) throw new AppError('conflict', OFFER_MESSAGES.noCheckout);
    if (current.expiresAt && current.expiresAt <= ctx.now()) throw new AppError('conflict', OFFER_MESSAGES.checkoutExpired);
  };
  check(row);
  const where = and(eq(offers.storeId, storeId), eq(offers.id, row.id));
  return {
    variantId: row.variantId,
    quantity: row.quantity,
    agreedPrice: row.agreedAmount!,
    currency: row.currency,
    async release(tx: Db) {
      const [current] = await tx.select().from(offers).where(where).for('update');
      check(current);
      if (current.reservedStock)
        await moveStock(tx, [{ variantId: current.variantId, productId: current.productId, delta: current.reservedStock }]);
    },
    async complete(tx: Db, orderId: string) {
      const now = ctx.now();
      await tx.update(offers).set({ status: 'completed', reservedStock: 0, expiresAt: null, orderId, updatedAt: now }).where(where);
      await recordEvent(tx, row, 'completed', { actor: 'buyer', name: row.buyerEmail }, row.agreedAmount, now);
    },
  };
}
