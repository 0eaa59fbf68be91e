import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { OFFER_MESSAGES, type OfferEvent } from '#shared/schemas/offers';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { offers } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { moveStock } from '../orders/index.ts';
import { readStoreSettings } from '../settings/index.ts';
import { scheduleExpiry } from './expire-offers.ts';
import { recordEvent, SYSTEM, type Actor } from './offer-history.ts';
import { mailOffer } from './offer-mails.ts';
import type { LockedVariant, OfferRow } from './offer-scope.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Accepts an offer (locked with lockOffer: its variant first) at the agreed unit price: its quantity
 * leaves the variant's stock at once, held for the buyer's checkout until the store's checkoutHours
 * pass. When that leaves too few units for the other open offers on the variant, they are declined in
 * the same transaction, so of many accepts on the last unit exactly one wins and the others find
 * their offer no longer open.
 */
export async function acceptOffer(
  ctx: AppContext,
  tx: Db,
  row: OfferRow,
  variant: LockedVariant | null,
  agreed: number,
  by: Actor,
  event: OfferEvent,
) {
  if (!variant) throw new AppError('conflict', OFFER_MESSAGES.notAvailable);
  if (variant.trackStock && variant.stock < row.quantity) throw new AppError('conflict', OFFER_MESSAGES.notEnoughStock);
  const now = ctx.now();
  const { offers: settings } = await readStoreSettings(tx, row.storeId);
  const reserved = variant.trackStock ? row.quantity : 0;
  if (reserved) await moveStock(tx, [{ variantId: variant.id, productId: variant.productId, delta: -reserved }]);
  const [accepted] = await tx
    .update(offers)
    .set({
      status: 'accepted',
      agreedAmount: agreed,
      reservedStock: reserved,
      expiresAt: new Date(now.getTime() + settings.checkoutHours * HOUR_MS),
      updatedAt: now,
    })
    .where(and(eq(offers.storeId, row.storeId), eq(offers.id, row.id)))
    .returning();
  await recordEvent(tx, row, event, by, agreed, now);
  await mailOffer(ctx, tx, accepted, 'accepted', event);
  await scheduleExpiry(ctx, tx, row.storeId, accepted.expiresAt!);
  if (!variant.trackStock) return accepted;

  const left = variant.stock - reserved;
  const outbid = await tx
    .update(offers)
    .set({ status: 'rejected', expiresAt: null, updatedAt: now })
    .where(
      and(
        eq(offers.storeId, row.storeId),
        eq(offers.variantId, variant.id),
        sql`${offers.status} in ('pending', 'countered')`,
        ne(offers.id, row.id),
        gt(offers.quantity, left),
      ),
    )
    .returning();
  for (const other of outbid) {
    await recordEvent(tx, other, 'out-of-stock', SYSTEM, null, now);
    await mailOffer(ctx, tx, other, 'rejected', 'out-of-stock');
  }
  return accepted;
}
