import { and, eq } from 'drizzle-orm';
import { SHIPPING_MESSAGES, type ShippoKeyAnswer, type ShippoKeyBody } from '#shared/schemas/shipping';
import type { AppContext } from '#server/context';
import { MARKETPLACE_OWNER, shippoKeys } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { getEncryption } from '#server/lib/encryption';
import { ShippingProviderError } from '#server/adapters/shipping/index';
import { hasShippoKey, keyOwnerFor, shippoKeyContext, vendorKeysAllowed } from '../delivery/index.ts';

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
  return {
    active,
    using: using === null ? 'none' : using === owner ? 'own' : 'marketplace',
    canConnect: await vendorKeysAllowed(ctx.db, auth.storeId),
  };
}

/** Shippo is asked before a key is kept: a refused key is a 400 on the field, no answer a 502; nothing is saved either way. */
async function verifyShippoKey(ctx: AppContext, apiKey: string) {
  try {
    await ctx.shipping.account(apiKey).verifyKey();
  } catch (error) {
    if (!(error instanceof ShippingProviderError)) throw error;
    if (error.refusedKey)
      throw new AppError('bad_request', SHIPPING_MESSAGES.providerRefusedKey, [
        { path: 'apiKey', message: SHIPPING_MESSAGES.providerRefusedKey },
      ]);
    throw new AppError('bad_gateway', SHIPPING_MESSAGES.providerUnreachable);
  }
}

/** PUT shippo/api-key: checked with Shippo, stored sealed; a vendor only where the marketplace allows vendor accounts. */
export async function saveShippoKey(ctx: AppContext, auth: AuthContext, body: ShippoKeyBody): Promise<ShippoKeyAnswer> {
  const owner = ownerOf(auth);
  if (owner !== MARKETPLACE_OWNER && !(await vendorKeysAllowed(ctx.db, auth.storeId)))
    throw new AppError('forbidden', SHIPPING_MESSAGES.vendorKeysOff);
  await verifyShippoKey(ctx, body.apiKey);
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
