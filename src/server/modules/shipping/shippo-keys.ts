import { and, eq } from 'drizzle-orm';
import { SHIPPING_MESSAGES, type ShippoKeyAnswer, type ShippoKeyBody } from '#shared/schemas/shipping';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { MARKETPLACE_OWNER, shippoKeys } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import { getEncryption } from '../../lib/encryption.ts';
import type { ShippingAccount } from '../../adapters/shipping/index.ts';
import { readDeliverySettings } from '../delivery/delivery-settings.ts';

/** The sealed key is bound to its store and owner: a value copied to another row does not decrypt. */
const keyContext = (storeId: string, owner: string) => `shippo:${storeId}:${owner}`;

/** Whether the marketplace lets vendors connect their own Shippo account (its delivery settings' shippo.enabled). */
export async function vendorKeysAllowed(db: Db, storeId: string): Promise<boolean> {
  return (await readDeliverySettings(db, storeId, null)).shippo.enabled;
}

async function hasKey(db: Db, storeId: string, owner: string): Promise<boolean> {
  const [row] = await db
    .select({ owner: shippoKeys.owner })
    .from(shippoKeys)
    .where(and(eq(shippoKeys.storeId, storeId), eq(shippoKeys.owner, owner)));
  return !!row;
}

/**
 * Whose key labels of a vendor's orders are bought with: the vendor's own when the marketplace
 * allows vendor accounts and it set one, else the marketplace's; null when neither is set.
 */
export async function keyOwnerFor(db: Db, storeId: string, vendorId: string): Promise<string | null> {
  if ((await vendorKeysAllowed(db, storeId)) && (await hasKey(db, storeId, vendorId))) return vendorId;
  return (await hasKey(db, storeId, MARKETPLACE_OWNER)) ? MARKETPLACE_OWNER : null;
}

/** The provider account of an owner's key; 409 when the key is gone. */
export async function shippingAccountOf(ctx: AppContext, db: Db, storeId: string, owner: string): Promise<ShippingAccount> {
  const [row] = await db
    .select({ sealed: shippoKeys.apiKeyEncrypted })
    .from(shippoKeys)
    .where(and(eq(shippoKeys.storeId, storeId), eq(shippoKeys.owner, owner)));
  if (!row) throw new AppError('conflict', SHIPPING_MESSAGES.noKey);
  const apiKey = (await getEncryption(db)).decrypt(row.sealed, keyContext(storeId, owner));
  return ctx.shipping.account(apiKey);
}

/** The key a call manages: the marketplace's in the marketplace view, else the caller's vendor's. */
function ownerOf(auth: AuthContext): string {
  return auth.vendorId ?? MARKETPLACE_OWNER;
}

/** GET shippo/api-key: whether a key is active in the caller's scope, never the key. */
export async function getShippoKeyStatus(ctx: AppContext, auth: AuthContext): Promise<ShippoKeyAnswer> {
  const owner = ownerOf(auth);
  const active = await hasKey(ctx.db, auth.storeId, owner);
  if (owner === MARKETPLACE_OWNER) return { active, using: active ? 'own' : 'none', canConnect: true };
  const using = await keyOwnerFor(ctx.db, auth.storeId, owner);
  return { active, using: using === null ? 'none' : using === owner ? 'own' : 'marketplace', canConnect: await vendorKeysAllowed(ctx.db, auth.storeId) };
}

/** PUT shippo/api-key: stores the key sealed; a vendor only where the marketplace allows vendor accounts. */
export async function saveShippoKey(ctx: AppContext, auth: AuthContext, body: ShippoKeyBody): Promise<ShippoKeyAnswer> {
  const owner = ownerOf(auth);
  if (owner !== MARKETPLACE_OWNER && !(await vendorKeysAllowed(ctx.db, auth.storeId))) throw new AppError('forbidden', SHIPPING_MESSAGES.vendorKeysOff);
  const sealed = (await getEncryption(ctx.db)).encrypt(body.apiKey, keyContext(auth.storeId, owner));
  await ctx.db
    .insert(shippoKeys)
    .values({ storeId: auth.storeId, owner, apiKeyEncrypted: sealed, updatedAt: ctx.now() })
    .onConflictDoUpdate({ target: [shippoKeys.storeId, shippoKeys.owner], set: { apiKeyEncrypted: sealed, updatedAt: ctx.now() } });
  return getShippoKeyStatus(ctx, auth);
}

/** DELETE shippo/api-key: forgets the caller's key (labels already bought stay). */
export async function deleteShippoKey(ctx: AppContext, auth: AuthContext): Promise<ShippoKeyAnswer> {
  await ctx.db.delete(shippoKeys).where(and(eq(shippoKeys.storeId, auth.storeId), eq(shippoKeys.owner, ownerOf(auth))));
  return getShippoKeyStatus(ctx, auth);
}
