import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { platformInstallations } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';
import { StorefrontSyncError } from '#server/adapters/storefront/types';

/**
 * The platform shop that installed the app as this marketplace and its access token (decrypted), null
 * when the store sells on our own catalog. app.ts makes the shop's Admin client from it (ctx.marketplaceAdmin).
 */
export async function marketplaceInstallation(
  ctx: Pick<AppContext, 'db'>,
  storeId: string,
): Promise<{ shop: string; accessToken: string } | null> {
  const [install] = await ctx.db
    .select({ shop: platformInstallations.shop, accessTokenEnc: platformInstallations.accessTokenEnc })
    .from(platformInstallations)
    .where(and(eq(platformInstallations.storeId, storeId), eq(platformInstallations.kind, 'marketplace')))
    .orderBy(desc(platformInstallations.updatedAt))
    .limit(1);
  if (!install?.accessTokenEnc) return null;
  try {
    return { shop: install.shop, accessToken: (await getEncryption(ctx.db)).decrypt(install.accessTokenEnc, install.shop) };
  } catch {
    throw new StorefrontSyncError(`The access token of ${install.shop} cannot be read; install the app on the shop again`, false);
  }
}
