import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OfferActor, OfferEvent } from '#shared/schemas/offers';
import type { AuthContext } from '#server/http/policy';
import type { Db } from '#server/db/client';
import { offerEvents } from '#server/db/schema/index';

export interface Actor {
  actor: OfferActor;
  name: string;
}

export const SYSTEM: Actor = { actor: 'system', name: '' };

/** A signed-in caller as the history names it: a vendor (or an admin in a vendor's view) acts as the vendor. */
export const actorOf = (auth: Pick<AuthContext, 'isAdmin' | 'name' | 'email'>): Actor => ({
  actor: auth.isAdmin ? 'admin' : 'vendor',
  name: auth.name || auth.email,
});

export async function recordEvent(
  tx: Db,
  offer: { storeId: string; id: string },
  event: OfferEvent,
  by: Actor,
  amount: number | null,
  at: Date,
) {
  await tx
    .insert(offerEvents)
    .values({ storeId: offer.storeId, offerId: offer.id, event, actor: by.actor, actorName: by.name, amount, createdAt: at });
}

export async function historyOf(db: Db, storeId: string, offerIds: string[]) {
  if (offerIds.length === 0) return new Map<string, (typeof offerEvents.$inferSelect)[]>();
  const rows = await db
    .select()
    .from(offerEvents)
    .where(and(eq(offerEvents.storeId, storeId), inArray(offerEvents.offerId, offerIds)))
    .orderBy(asc(offerEvents.seq));
  const byOffer = new Map<string, (typeof offerEvents.$inferSelect)[]>();
  for (const row of rows) byOffer.set(row.offerId, [...(byOffer.get(row.offerId) ?? []), row]);
  return byOffer;
}
