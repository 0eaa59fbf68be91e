import type { Db } from '#server/db/client';
import type { JobQueue } from '#server/jobs/queue';
import { getEncryption } from '#server/lib/encryption';
import type { MailingProviders } from '#server/adapters/mailing/index';
import { readNotificationSettings } from './notification-settings.ts';
import { z } from 'zod';
import { defineJob, jobIds } from '#server/jobs/job-kind';

export const SYNC_CONTACT = defineJob(
  'sync-contact',
  z.object({
    storeId: jobIds.storeId,
    email: z.string(),
    attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  }),
);
const SYNC_ATTEMPTS = 8;

export interface ContactToSync {
  email: string;
  /**
   * Brevo attribute names (they must exist in the Brevo account; FIRSTNAME and LASTNAME always do).
   * Klaviyo gets FIRSTNAME as first_name and the others as profile properties.
   */
  attributes: Record<string, string | number | boolean>;
}

/** The key is sealed for one store: a value copied to another store's settings does not decrypt. */
export const integrationKeyContext = (storeId: string) => `notifications.integration:${storeId}`;

/**
 * Queues pushing a contact (a new vendor, a subscriber) to the store's mailing service through the
 * durable 'sync-contact' job; nothing when the store has no integration. Pass the caller's
 * transaction to queue it only if the change commits, and a dedupeKey to push an event once.
 * Answers whether a job was queued.
 */
export async function syncContact(
  ctx: { db: Db; jobs: JobQueue },
  storeId: string,
  contact: ContactToSync,
  options: { tx?: Db; dedupeKey?: string } = {},
): Promise<boolean> {
  const db = options.tx ?? ctx.db;
  const { integration } = await readNotificationSettings(db, storeId);
  if (integration.service === 'none' || !integration.apiKeyEncrypted) return false;
  const payload = { storeId, email: contact.email.trim().toLowerCase(), attributes: contact.attributes };
  await ctx.jobs.enqueue(SYNC_CONTACT, payload, { dedupeKey: options.dedupeKey, maxAttempts: SYNC_ATTEMPTS }, db);
  return true;
}

/**
 * The 'sync-contact' job: reads the integration when it runs (a key changed or removed since the
 * event wins) and upserts the contact; a provider failure throws, so the queue retries with backoff.
 */
export async function runSyncContact(
  { db, mailing }: { db: Db; mailing: MailingProviders },
  { storeId, email, attributes }: z.infer<typeof SYNC_CONTACT.payload>,
) {
  const { integration } = await readNotificationSettings(db, storeId);
  if (integration.service === 'none' || !integration.apiKeyEncrypted) return;
  const apiKey = (await getEncryption(db)).decrypt(integration.apiKeyEncrypted, integrationKeyContext(storeId));
  await mailing(integration.service, apiKey).upsertContact({ email, attributes, listIds: integration.listIds });
}
