import { and, eq } from 'drizzle-orm';
import { SHIPPING_MESSAGES } from '#shared/schemas/shipping';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { MARKETPLACE_OWNER, shippoKeys } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { getEncryption } from '#server/lib/encryption';
import type { ShippingAccount } from '#server/adapters/shipping/index';
import { readDeliverySettings } from './delivery-settings.ts';

/**
 * Whose Shippo account serves a vendor: here, next to the delivery settings that decide it, so the
 * labels (shipping module) and the live rates at checkout (this module) read one rule.
 */

/** The sealed key is bound to its store and owner: a value copied to another row does not decrypt. */
export const shippoKeyContext = (storeId: string, owner: string) => `shippo:${storeId}:${owner}`;

/** Whether the marketplace lets vendors connect their own Shippo account (its delivery settings' shippo.enabled). */
export async function vendorKeysAllowed(db: Db, storeId: string): Promise<boolean> {
  return (await readDeliverySettings(db, storeId, null)).shippo.enabled;
}

export async function hasShippoKey(db: Db, storeId: string, owner: string): Promise<boolean> {
  const [row] = await db
    .select({ owner: shippoKeys.owner })
    .from(shippoKeys)
    .where(and(eq(shippoKeys.storeId, storeId), eq(shippoKeys.owner, owner)));
  return !!row;
}

/**
 * Whose key a vendor's labels and live rates use: the vendor's own when the marketplace allows
 * vendor accounts and it set one, else the marketplace's; null when neither is set.
 */
export async function keyOwnerFor(db: Db, storeId: string, vendorId: string): Promise<string | null> {
  if ((await vendorKeysAllowed(db, storeId)) && (await hasShippoKey(db, storeId, vendorId))) return vendorId;
  return (await hasShippoKey(db, storeId, MARKETPLACE_OWNER)) ? MARKETPLACE_OWNER : null;
}

/** The provider account of an owner's key; 409 when the key is gone. */
export async function shippingAccountOf(ctx: AppContext, db: Db, storeId: string, owner: string): Promise<ShippingAccount> {
  const [row] = await db
    .select({ sealed: shippoKeys.apiKeyEncrypted })
    .from(shippoKeys)
    .where(and(eq(shippoKeys.storeId, storeId), eq(shippoKeys.owner, owner)));
  if (!row) throw new AppError('conflict', SHIPPING_MESSAGES.noKey);
  const apiKey = (await getEncryption(db)).decrypt(row.sealed, shippoKeyContext(storeId, owner));
  return ctx.shipping.account(apiKey);
}
