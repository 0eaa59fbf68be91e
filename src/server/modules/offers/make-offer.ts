import { and, eq } from 'drizzle-orm';
import { OFFER_MESSAGES, OFFER_SPAM_LIMIT, type MakeOfferBody } from '#shared/schemas/offers';
import type { AppContext } from '#server/context';
import { offers, products, productVariants } from '#server/db/schema/index';
import { AppError, badRequest, notFound } from '#server/http/errors';
import { countHit } from '#server/http/rate-limit-store';
import { readStoreSettings, readVendorSettings } from '../settings/index.ts';
import { scheduleExpiry } from './expire-offers.ts';
import { recordEvent } from './offer-history.ts';
import { mailOffer } from './offer-mails.ts';
import { parseOfferAmount } from './offer-amount.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * POST public/make-an-offer: a buyer offers a unit price below the listed one for a quantity of a
 * public variant (ACTIVE, approved) of a vendor that takes offers, in a store whose makeAnOffer
 * feature is on (the route's guard). The vendor is mailed (offer-received), the buyer too
 * (offer-requested, with the link to follow the offer). One open offer per buyer and variant.
 */
export async function makeOffer(ctx: AppContext, storeId: string, body: MakeOfferBody) {
  const [found] = await ctx.db
    .select({ variant: productVariants, title: products.title, currency: products.currency })
    .from(productVariants)
    .innerJoin(products, and(eq(products.storeId, productVariants.storeId), eq(products.id, productVariants.productId)))
    .where(
      and(
        eq(productVariants.storeId, storeId),
        eq(productVariants.id, body.variantId),
        eq(products.status, 'ACTIVE'),
        eq(products.approved, true),
      ),
    );
  if (!found || !(await readVendorSettings(ctx.db, storeId, found.variant.vendorId)).acceptsOffers)
    throw notFound(OFFER_MESSAGES.notAvailable);
  const { variant } = found;
  const settings = await readStoreSettings(ctx.db, storeId);
  // In the product's currency, which its price is in (the store's may have changed since).
  const amount = parseOfferAmount(body.amount, found.currency, 'amount');
  if (amount >= variant.price)
    throw badRequest(OFFER_MESSAGES.aboveOrAtPrice, [{ path: 'amount', message: OFFER_MESSAGES.aboveOrAtPrice }]);
  if (variant.trackStock && variant.stock < body.quantity)
    throw badRequest(OFFER_MESSAGES.notEnoughStock, [{ path: 'quantity', message: OFFER_MESSAGES.notEnoughStock }]);
  const hit = await countHit(ctx.db, `offers:${storeId}:${body.email}`, OFFER_SPAM_LIMIT.windowMs, ctx.now());
  if (hit.current > OFFER_SPAM_LIMIT.max) throw new AppError('rate_limited', OFFER_MESSAGES.tooManyOffers);

  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offers)
      .values({
        storeId,
        vendorId: variant.vendorId,
        productId: variant.productId,
        variantId: variant.id,
        productTitle: found.title,
        variantTitle: variant.options.join(' / '),
        buyerEmail: body.email,
        quantity: body.quantity,
        currency: found.currency,
        price: variant.price,
        amount,
        expiresAt: new Date(now.getTime() + settings.offers.pendingExpiryHours * HOUR_MS),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict', OFFER_MESSAGES.alreadyOpen);
    await recordEvent(tx, row, 'made', { actor: 'buyer', name: body.email }, amount, now);
    await mailOffer(ctx, tx, row, 'received', 'made');
    await mailOffer(ctx, tx, row, 'requested', 'made');
    await scheduleExpiry(ctx, tx, storeId, row.expiresAt!);
    return { id: row.id, status: row.status };
  });
}
