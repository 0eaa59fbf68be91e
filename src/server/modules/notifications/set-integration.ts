import { toNotificationSettingsView, type IntegrationUpdate } from '#shared/schemas/notifications';
import type { AppContext } from '#server/context';
import { badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { getEncryption } from '#server/lib/encryption';
import { MailingError } from '#server/adapters/mailing/index';
import { changeNotificationSettings } from './notification-settings.ts';
import { integrationKeyContext } from './sync-contact.ts';
import { activeAdminEmails } from './recipients.ts';

const LABEL = { brevo: 'Brevo', klaviyo: 'Klaviyo' } as const;

/**
 * Connects the store's mailing service: the key is first checked with the provider (a refused key
 * is a 400 and nothing changes), then stored sealed with AES-GCM, and the admins are told
 * (marketplace-integration-set). `none` disconnects and forgets the key.
 */
export async function setIntegration(ctx: AppContext, auth: AuthContext, input: IntegrationUpdate) {
  if (input.service === 'none') {
    const settings = await changeNotificationSettings(ctx.db, auth.storeId, (current) => ({
      ...current,
      integration: { service: 'none' },
    }));
    return toNotificationSettingsView(settings);
  }
  const service = input.service;
  const apiKey = input.apiKey ?? '';
  try {
    await ctx.mailing(service, apiKey).verifyKey();
  } catch (error) {
    if (!(error instanceof MailingError)) throw error;
    const message = error.refusedKey
      ? `${LABEL[service]} refused this API key; check that it is complete and active`
      : `Could not check the key with ${LABEL[service]}: ${error.message}`;
    throw badRequest(message, [{ path: 'apiKey', message }]);
  }
  const sealed = (await getEncryption(ctx.db)).encrypt(apiKey, integrationKeyContext(auth.storeId));
  const settings = await changeNotificationSettings(ctx.db, auth.storeId, (current) => ({
    ...current,
    integration: { service, apiKeyEncrypted: sealed, ...(input.listIds?.length ? { listIds: input.listIds } : {}) },
  }));
  for (const email of await activeAdminEmails(ctx.db, auth.storeId)) {
    await ctx.mailer.send({
      storeId: auth.storeId,
      template: 'marketplace-integration-set',
      to: email,
      vars: { service: LABEL[service], email: auth.email },
    });
  }
  return toNotificationSettingsView(settings);
}
