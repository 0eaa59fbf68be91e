import { and, eq } from 'drizzle-orm';
import { SHIPPING_MESSAGES, type ShippoKeyAnswer, type ShippoKeyBody } from '#shared/schemas/shipping';
import type { AppContext } from '#server/context';
import { MARKETPLACE_OWNER, shippoKeys } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { getEncryption } from '#server/lib/encryption';
import { hasShippoKey, keyOwnerFor, shippoKeyContext, vendorKeysAllowed } from '../delivery/shippo-accounts.ts';

/** The key a call manages: the marketplace's in the marketplace view, else the caller's vendor's. */
function ownerOf(auth: AuthContext): string {
  return auth.vendorId ?? MARKETPLACE_OWNER;
}

/** GET shippo/api-key: whether a key is active in the caller's scope, never the key. */
export async function getShippoKeyStatus(ctx: AppContext, auth: AuthContext): Promise<ShippoKeyAnswer> {
  const owner = ownerOf(auth);
  const active = await hasShippoKey(ctx.db, auth.storeId, owner);
  if (owner === MARKETPLACE_OWNER) return { active, using: active ? 'own' : 'none', canConnect: true };
  const using = await keyOwnerFor(ctx.db, auth.storeId, owner);
  return { active, using: using === null ? 'none' : using === owner ? 'own' : 'marketplace', canConnect: await vendorKeysAllowed(ctx.db, auth.storeId) };
}

/** PUT shippo/api-key: stores the key sealed; a vendor only where the marketplace allows vendor accounts. */
export async function saveShippoKey(ctx: AppContext, auth: AuthContext, body: ShippoKeyBody): Promise<ShippoKeyAnswer> {
  const owner = ownerOf(auth);
  if (owner !== MARKETPLACE_OWNER && !(await vendorKeysAllowed(ctx.db, auth.storeId))) throw new AppError('forbidden', SHIPPING_MESSAGES.vendorKeysOff);
  const sealed = (await getEncryption(ctx.db)).encrypt(body.apiKey, shippoKeyContext(auth.storeId, owner));
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
