import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { platformInstallations, stores, vendorPlatformShops } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';
import { randomDigits } from '#server/lib/hashing';
import type { OAuthPurpose } from './oauth-states.ts';

export interface InstallInput {
  shop: string;
  accessToken: string;
  scope: string;
  purpose: OAuthPurpose;
  /** The callback's state: a seller shop whose vendor started the authorization from our app becomes that vendor's. */
  state?: string;
}

/** "some-shop" from "some-shop.myshopify.com": the store id and, titled, the first shop name. */
const subdomainOf = (shop: string) => shop.slice(0, shop.indexOf('.')).toLowerCase();
const titleOf = (subdomain: string) =>
  subdomain
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ') || subdomain;

/**
 * The store of a shop: the one already linked to it, or a new one named after its subdomain. An
 * existing store with the same id but another (or no) shop is never taken over: installing on
 * "demo.myshopify.com" must not hand anyone the "demo" marketplace, so the id gets a suffix.
 */
async function linkOrCreateStore(tx: Db, shop: string): Promise<string> {
  const base = subdomainOf(shop);
  for (let attempt = 0; attempt < 20; attempt++) {
    const [linked] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.platformShop, shop));
    if (linked) return linked.id;
    const id = attempt === 0 ? base : attempt < 10 ? `${base}-${attempt + 1}` : `${base}-${randomDigits(6)}`;
    const created = await tx
      .insert(stores)
      .values({ id, shopName: titleOf(base), platformShop: shop })
      .onConflictDoNothing()
      .returning({ id: stores.id });
    if (created.length) return created[0].id;
  }
  throw new Error(`No free store id for ${shop}`);
}

/**
 * Records an approved install: the access token encrypted (bound to the shop, so a copied value does
 * not decrypt for another row) with its scope. A marketplace install also creates or links its
 * store; a vendor's own shop (purpose 'seller') is kept unlinked until a vendor claims it.
 * Returns the marketplace store id, or null for a seller shop.
 */
export async function installShop(ctx: AppContext, input: InstallInput): Promise<string | null> {
  const encryption = await getEncryption(ctx.db);
  const accessTokenEnc = encryption.encrypt(input.accessToken, input.shop);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    if (input.purpose === 'seller') {
      await tx
        .insert(platformInstallations)
        .values({ shop: input.shop, kind: 'seller', accessTokenEnc, scope: input.scope, installedAt: now, updatedAt: now })
        // A shop that is already a marketplace keeps its role and store; only the grant is renewed.
        .onConflictDoUpdate({ target: platformInstallations.shop, set: { accessTokenEnc, scope: input.scope, updatedAt: now } });
      if (input.state) {
        await tx
          .update(vendorPlatformShops)
          .set({ connectedAt: now, pendingState: null, updatedAt: now })
          .where(and(eq(vendorPlatformShops.pendingState, input.state), eq(vendorPlatformShops.shop, input.shop)));
      }
      return null;
    }
    const storeId = await linkOrCreateStore(tx, input.shop);
    await tx
      .insert(platformInstallations)
      .values({ shop: input.shop, storeId, kind: 'marketplace', accessTokenEnc, scope: input.scope, installedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: platformInstallations.shop,
        set: { storeId, kind: 'marketplace', accessTokenEnc, scope: input.scope, updatedAt: now },
      });
    return storeId;
  });
}
