import { EmailSchema } from '#shared/schemas/common';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { activeAdminEmails, type TemplateName } from '../notifications/index.ts';
import type { StoreRecord } from '../stores/index.ts';

/**
 * Who reads what buyers send: the store's support address, or its admins when none is set (or the
 * setting holds something that is not an address), so a message is never mailed nowhere.
 */
export async function listSupportRecipients(db: Db, store: StoreRecord): Promise<string[]> {
  const support = EmailSchema.safeParse(store.settings.support.email);
  if (support.success) return [support.data];
  return activeAdminEmails(db, store.id);
}

/** Queues one mail a support recipient inside the caller's transaction: stored and mailed, or neither. */
export async function mailSupport(
  ctx: AppContext,
  tx: Db,
  store: StoreRecord,
  mail: { template: TemplateName; vars: Record<string, unknown>; dedupeKey: string },
) {
  for (const to of await listSupportRecipients(tx, store)) {
    await ctx.mailer.send({ storeId: store.id, template: mail.template, to, vars: mail.vars, dedupeKey: `${mail.dedupeKey}:${to}` }, tx);
  }
}
