import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { OFFER_MESSAGES, OPEN_OFFER_STATUSES } from '#shared/schemas/offers';
import type { Db } from '#server/db/client';
import { offers, productVariants } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { isUuid } from '#server/lib/is-uuid';
import { inVendorScope } from '../vendors/index.ts';

export type OfferRow = typeof offers.$inferSelect;
export interface LockedVariant {
  id: string;
  productId: string;
  trackStock: boolean;
  stock: number;
}

/** Still in play: pending, countered or accepted (waiting for its checkout). */
export const OPEN_OFFER = inArray(offers.status, [...OPEN_OFFER_STATUSES]);
export const isOpen = (row: Pick<OfferRow, 'status'>) => (OPEN_OFFER_STATUSES as readonly string[]).includes(row.status);

/** The one rule of who sees which offers: the caller's store, a vendor its own products' offers only. */
export function offerScope(auth: Pick<AuthContext, 'storeId' | 'vendorId'>): SQL {
  return inVendorScope(offers, auth);
}

/**
 * Locks an offer for a change, its variant first: every offer change that touches stock (accept,
 * expiry, checkout) locks the variant row, then the offer, in that order, so they queue on the
 * variant and never wait on each other in a circle. Another vendor's or store's offer is not found.
 */
export async function lockOffer(tx: Db, where: SQL, id: string): Promise<{ row: OfferRow; variant: LockedVariant | null }> {
  if (!isUuid(id)) throw notFound(OFFER_MESSAGES.notFound);
  const [peek] = await tx
    .select({ storeId: offers.storeId, variantId: offers.variantId })
    .from(offers)
    .where(and(where, eq(offers.id, id)));
  if (!peek) throw notFound(OFFER_MESSAGES.notFound);
  const [variant] = await tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      trackStock: productVariants.trackStock,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, peek.storeId), eq(productVariants.id, peek.variantId)))
    .for('update');
  const [row] = await tx
    .select()
    .from(offers)
    .where(and(where, eq(offers.id, id)))
    .for('update');
  if (!row) throw notFound(OFFER_MESSAGES.notFound);
  return { row, variant: variant ?? null };
}
