import { and, eq } from 'drizzle-orm';
import { OFFER_MESSAGES, type OfferActionBody } from '#shared/schemas/offers';
import type { AppContext } from '#server/context';
import { offers } from '#server/db/schema/index';
import { AppError, badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { readStoreSettings } from '../settings/index.ts';
import { acceptOffer } from './accept-offer.ts';
import { scheduleExpiry } from './expire-offers.ts';
import { actorOf, recordEvent } from './offer-history.ts';
import { mailOffer } from './offer-mails.ts';
import { parseOfferAmount } from './offer-amount.ts';
import { lockOffer, offerScope } from './offer-scope.ts';
import { getOffer } from './list-offers.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * POST offers/action: the vendor (or an admin) answers a pending offer: accept at the buyer's amount,
 * reject (offer-rejected to the buyer), or counter with an amount between the offer and the price
 * (offer-requested with the counter-offer and the link the buyer answers through). A countered offer
 * waits for the buyer; the seller may still reject it. Another vendor's or store's offer is not found.
 */
export async function actOnOffer(ctx: AppContext, auth: AuthContext, body: OfferActionBody) {
  const by = actorOf(auth);
  await ctx.db.transaction(async (tx) => {
    const { row, variant } = await lockOffer(tx, offerScope(auth), body.id);
    const now = ctx.now();
    const allowed = body.action === 'reject' ? ['pending', 'countered'] : ['pending'];
    if (!allowed.includes(row.status) || (row.expiresAt && row.expiresAt <= now)) throw new AppError('conflict', OFFER_MESSAGES.notOpen);
    const where = and(eq(offers.storeId, row.storeId), eq(offers.id, row.id));
    if (body.action === 'accept') {
      await acceptOffer(ctx, tx, row, variant, row.amount, by, 'accepted');
    } else if (body.action === 'reject') {
      const [rejected] = await tx.update(offers).set({ status: 'rejected', expiresAt: null, updatedAt: now }).where(where).returning();
      await recordEvent(tx, row, 'rejected', by, null, now);
      await mailOffer(ctx, tx, rejected, 'rejected', 'rejected');
    } else {
      const counter = parseOfferAmount(body.counterOffer!, row.currency, 'counterOffer');
      if (counter <= row.amount || counter >= row.price)
        throw badRequest(OFFER_MESSAGES.counterNotBetween, [{ path: 'counterOffer', message: OFFER_MESSAGES.counterNotBetween }]);
      const { offers: settings } = await readStoreSettings(tx, row.storeId);
      const [countered] = await tx
        .update(offers)
        .set({
          status: 'countered',
          counterAmount: counter,
          expiresAt: new Date(now.getTime() + settings.pendingExpiryHours * HOUR_MS),
          updatedAt: now,
        })
        .where(where)
        .returning();
      await recordEvent(tx, row, 'countered', by, counter, now);
      await mailOffer(ctx, tx, countered, 'countered', 'countered');
      await scheduleExpiry(ctx, tx, row.storeId, countered.expiresAt!);
    }
  });
  return { offer: await getOffer(ctx, auth, body.id) };
}
