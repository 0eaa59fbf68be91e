import { and, eq } from 'drizzle-orm';
import { toAmountText, toScaledInteger } from '#shared/money';
import {
  FACTOR_SCALE,
  INTEGRATION_MESSAGES,
  IntegrationConnectSchema,
  IntegrationSettingsSchema,
  shopBaseUrl,
  type IntegrationKeysAnswer,
} from '#shared/schemas/integrations';
import type { AppContext } from '#server/context';
import { integrationKeys, vendors } from '#server/db/schema/index';
import { amountFromBody } from '#server/http/amounts';
import { badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { getEncryption } from '#server/lib/encryption';
import { PrestaShopError } from '#server/adapters/prestashop/client';
import { activeAdminEmails } from '../notifications/index.ts';
import { readStoreSettings } from '../settings/index.ts';
import { findIntegration, keyContext, lastSyncOf, requireIntegration, syncView, vendorOf } from './integration-scope.ts';

const currencyOf = async (ctx: AppContext, storeId: string) => (await readStoreSettings(ctx.db, storeId)).currency;

/** GET integrations/keys: the caller's vendor's connection (never the key) and its last sync. */
export async function getIntegrationKeys(ctx: AppContext, auth: AuthContext): Promise<IntegrationKeysAnswer> {
  if (!auth.vendorId) return { canConnect: false, integration: null, lastSync: null };
  const row = await findIntegration(ctx.db, auth.storeId, auth.vendorId);
  const sync = row ? await lastSyncOf(ctx.db, auth.storeId, auth.vendorId) : undefined;
  const currency = await currencyOf(ctx, auth.storeId);
  return {
    canConnect: true,
    integration: row
      ? {
          type: row.type,
          domain: row.domain,
          additionalCost: toAmountText(row.additionalCost, currency),
          currency,
          additionalFactor: row.additionalFactor / FACTOR_SCALE,
          skipPriceUpdate: row.skipPriceUpdate,
          skipContentUpdate: row.skipContentUpdate,
          connectedAt: row.createdAt.toISOString(),
        }
      : null,
    lastSync: sync ? syncView(sync) : null,
  };
}

/**
 * POST integrations/keys: connects the vendor's PrestaShop shop. The key is first checked with the
 * shop (a refused key is a 400 and nothing changes), then stored sealed, and the admins are told
 * (marketplace-integration-set). Connecting again replaces the address and key, keeping the settings.
 */
export async function connectIntegration(ctx: AppContext, auth: AuthContext, input: unknown): Promise<IntegrationKeysAnswer> {
  const vendorId = vendorOf(auth);
  const body = IntegrationConnectSchema.parse(input);
  const domain = shopBaseUrl(body.domain)!;
  try {
    await ctx.prestashop({ baseUrl: domain, key: body.webserviceKey, maxRetries: 2 }).checkKey();
  } catch (error) {
    if (!(error instanceof PrestaShopError)) throw error;
    const message = error.refusedKey ? INTEGRATION_MESSAGES.keyRefused : INTEGRATION_MESSAGES.shopUnreachable(error.message);
    throw badRequest(message, [{ path: error.refusedKey ? 'webserviceKey' : 'domain', message }]);
  }
  const sealed = (await getEncryption(ctx.db)).encrypt(body.webserviceKey, keyContext(auth.storeId, vendorId));
  const now = ctx.now();
  await ctx.db
    .insert(integrationKeys)
    .values({
      storeId: auth.storeId,
      vendorId,
      type: body.type,
      domain,
      keyEncrypted: sealed,
      userId: auth.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [integrationKeys.vendorId, integrationKeys.storeId],
      set: { type: body.type, domain, keyEncrypted: sealed, userId: auth.userId, updatedAt: now },
    });
  const [vendor] = await ctx.db
    .select({ name: vendors.name })
    .from(vendors)
    .where(and(eq(vendors.storeId, auth.storeId), eq(vendors.id, vendorId)));
  for (const email of await activeAdminEmails(ctx.db, auth.storeId)) {
    await ctx.mailer.send({
      storeId: auth.storeId,
      template: 'marketplace-integration-set',
      to: email,
      vars: { service: 'PrestaShop', email: auth.email, vendor: vendor?.name ?? '', domain },
    });
  }
  return getIntegrationKeys(ctx, auth);
}

/** PUT integrations/keys: the price rule (price × factor + cost) and what a re-run leaves alone. */
export async function saveIntegrationSettings(ctx: AppContext, auth: AuthContext, input: unknown): Promise<IntegrationKeysAnswer> {
  const vendorId = vendorOf(auth);
  const body = IntegrationSettingsSchema.parse(input);
  await requireIntegration(ctx.db, auth.storeId, vendorId);
  const currency = await currencyOf(ctx, auth.storeId);
  await ctx.db
    .update(integrationKeys)
    .set({
      additionalCost: amountFromBody(body.additionalCost, currency, 'additionalCost'),
      additionalFactor: toScaledInteger(body.additionalFactor, Math.log10(FACTOR_SCALE)),
      skipPriceUpdate: body.skipPriceUpdate,
      skipContentUpdate: body.skipContentUpdate,
      updatedAt: ctx.now(),
    })
    .where(and(eq(integrationKeys.storeId, auth.storeId), eq(integrationKeys.vendorId, vendorId)));
  return getIntegrationKeys(ctx, auth);
}

/** DELETE integrations/keys: forgets the shop and its key; the imported products stay ours. */
export async function disconnectIntegration(ctx: AppContext, auth: AuthContext): Promise<IntegrationKeysAnswer> {
  const vendorId = vendorOf(auth);
  await ctx.db.delete(integrationKeys).where(and(eq(integrationKeys.storeId, auth.storeId), eq(integrationKeys.vendorId, vendorId)));
  return getIntegrationKeys(ctx, auth);
}
