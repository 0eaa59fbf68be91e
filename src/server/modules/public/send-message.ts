import type { SendMessage } from '#shared/schemas/public';
import type { AppContext } from '#server/context';
import { publicMessages } from '#server/db/schema/index';
import type { StoreRecord } from '../stores/index.ts';
import { mailSupport } from './mail-support.ts';

/** Keeps a buyer's message and mails it to the store's support. */
export async function sendMessage(ctx: AppContext, store: StoreRecord, input: Pick<SendMessage, 'email' | 'body'>) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(publicMessages)
      .values({ storeId: store.id, kind: 'message', email: input.email, body: input.body })
      .returning({ id: publicMessages.id });
    await mailSupport(ctx, tx, store, {
      template: 'marketplace-contact-message',
      vars: { subject: `New message from ${input.email}`, email: input.email, lines: input.body.split(/\r?\n/) },
      dedupeKey: `public-message:${row.id}`,
    });
  });
}
