import { MEMBERSHIP_MESSAGES } from '#shared/schemas/membership';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { fillMessage, lockListings, productSlots } from '../installation/index.ts';
import { readStoreSettings } from '../settings/index.ts';
import { countActiveProducts, isMembershipEnforced, vendorStanding } from './vendor-standing.ts';

export interface ListingChange {
  vendorId: string;
  /** A new product: counts against the marketplace plan's products. */
  creating: boolean;
  /** The product becomes ACTIVE: counts against the vendor's membership. */
  activating: boolean;
}

/**
 * What a save of products may still do: new products within the store's plan (installation), and a
 * vendor's activations within its membership (subscribed or in its trial, at most membership.products
 * active). Only new products and activations are refused: after a downgrade or a lapsed membership
 * the products already there stay as they are. Admins activate without a membership (they moderate).
 * One budget serves a whole batch (the CSV import): each item is refused on its own. `tx` is the
 * transaction that writes the products: the counts are locked per store until it ends (lockListings).
 */
export async function listingBudget(ctx: AppContext, tx: Db, auth: AuthContext) {
  const now = ctx.now();
  const [slots, settings] = await Promise.all([productSlots(tx, auth, now), readStoreSettings(tx, auth.storeId)]);
  const enforced = !auth.isAdmin && isMembershipEnforced(settings);
  const limit = settings.membership.products;
  const active = new Map<string, number>();
  const standing = new Map<string, boolean>();
  return {
    async take(change: ListingChange) {
      if (change.activating && enforced) {
        if (!standing.has(change.vendorId))
          standing.set(change.vendorId, (await vendorStanding(tx, auth.storeId, change.vendorId, settings, now)).canPublish);
        if (!standing.get(change.vendorId)) throw new AppError('conflict', MEMBERSHIP_MESSAGES.membershipRequired);
        if (limit !== null) {
          let count = active.get(change.vendorId);
          if (count === undefined) {
            await lockListings(tx, auth.storeId);
            count = await countActiveProducts(tx, auth.storeId, change.vendorId);
          }
          if (count >= limit) throw new AppError('conflict', fillMessage(MEMBERSHIP_MESSAGES.membershipLimit, { limit }));
          active.set(change.vendorId, count + 1);
        }
      }
      if (change.creating) await slots.take();
    },
  };
}
