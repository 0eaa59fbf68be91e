import { and, eq } from 'drizzle-orm';
import { OFFER_MESSAGES, type BuyerOffer } from '#shared/schemas/offers';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { offers, orders, vendors } from '#server/db/schema/index';
import { AppError, notFound } from '#server/http/errors';
import { readStoreSettings } from '../settings/index.ts';
import { acceptOffer } from './accept-offer.ts';
import { historyOf, recordEvent } from './offer-history.ts';
import { lockOffer, type OfferRow } from './offer-scope.ts';
import { readOfferToken, verifyOfferToken } from './offer-token.ts';
import { presentOffer } from './present-offer.ts';

/**
 * The offer a buyer's token names, in a store whose makeAnOffer feature is on (the buyer's calls carry
 * no session, so they check the flag here). A forged, altered or foreign token is not found.
 */
export async function offerOfToken(ctx: AppContext, token: string | undefined, db: Db = ctx.db): Promise<OfferRow> {
  const claim = token ? readOfferToken(token) : null;
  if (!claim) throw notFound(OFFER_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.storeId, claim.storeId), eq(offers.id, claim.offerId)));
  if (!row || !verifyOfferToken(ctx, claim, row.buyerEmail)) throw notFound(OFFER_MESSAGES.notFound);
  if (!(await readStoreSettings(db, row.storeId)).features.makeAnOffer.enabled) throw notFound(OFFER_MESSAGES.notFound);
  return row;
}

/** GET public/offer: what the buyer's page shows (the offer, its history, the order once checked out). */
export async function readBuyerOffer(ctx: AppContext, token: string | undefined): Promise<{ offer: BuyerOffer }> {
  const row = await offerOfToken(ctx, token);
  const [[vendor], [order], history] = await Promise.all([
    ctx.db
      .select({ name: vendors.name })
      .from(vendors)
      .where(and(eq(vendors.storeId, row.storeId), eq(vendors.id, row.vendorId))),
    row.orderId
      ? ctx.db
          .select({ name: orders.name })
          .from(orders)
          .where(and(eq(orders.storeId, row.storeId), eq(orders.id, row.orderId)))
      : Promise.resolve([]),
    historyOf(ctx.db, row.storeId, [row.id]),
  ]);
  const full = presentOffer(row, vendor?.name ?? '', history.get(row.id) ?? []);
  return {
    offer: {
      id: full.id,
      status: full.status,
      quantity: full.quantity,
      currency: full.currency,
      price: full.price,
      amount: full.amount,
      counterOffer: full.counterOffer,
      agreedAmount: full.agreedAmount,
      expiresAt: full.expiresAt,
      // The seller's side is named by its role only: the buyer never learns an account's name or address.
      history: full.history.map((entry) => (entry.actor === 'buyer' ? entry : { ...entry, actorName: '' })),
      store: row.storeId,
      productTitle: row.productTitle,
      variantId: row.variantId,
      variantTitle: row.variantTitle,
      vendorName: vendor?.name ?? '',
      buyerEmail: row.buyerEmail,
      orderName: order?.name ?? null,
    },
  };
}

/**
 * POST public/offer/answer: the buyer accepts the seller's counter-offer (the offer is then accepted
 * at that price, its stock held for the checkout) or declines it (rejected).
 */
export async function answerCounterOffer(ctx: AppContext, token: string | undefined, action: 'accept' | 'decline') {
  const { id, storeId, buyerEmail } = await offerOfToken(ctx, token);
  await ctx.db.transaction(async (tx) => {
    const { row, variant } = await lockOffer(tx, eq(offers.storeId, storeId), id);
    const now = ctx.now();
    if (row.status !== 'countered' || (row.expiresAt && row.expiresAt <= now)) throw new AppError('conflict', OFFER_MESSAGES.notOpen);
    const buyer = { actor: 'buyer' as const, name: buyerEmail };
    if (action === 'accept') {
      await acceptOffer(ctx, tx, row, variant, row.counterAmount!, buyer, 'counter-accepted');
      return;
    }
    await tx
      .update(offers)
      .set({ status: 'rejected', expiresAt: null, updatedAt: now })
      .where(and(eq(offers.storeId, storeId), eq(offers.id, id)));
    await recordEvent(tx, row, 'counter-declined', buyer, row.counterAmount, now);
  });
  return readBuyerOffer(ctx, token);
}
