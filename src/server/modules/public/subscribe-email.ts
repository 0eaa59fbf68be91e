import type { AppContext } from '#server/context';
import { publicMessages } from '#server/db/schema/index';
import type { StoreRecord } from '../stores/index.ts';
import { mailSupport } from './mail-support.ts';

/**
 * Records a news subscription once per store and address; a repeat changes nothing and mails no
 * one, and the caller answers the same either way, so the call does not reveal who subscribed.
 */
export async function subscribeEmail(ctx: AppContext, store: StoreRecord, email: string) {
  await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(publicMessages)
      .values({ storeId: store.id, kind: 'subscribe', email })
      .onConflictDoNothing()
      .returning({ id: publicMessages.id });
    if (inserted.length === 0) return;
    await mailSupport(ctx, tx, store, {
      template: 'marketplace-new-subscriber',
      vars: { email },
      dedupeKey: `subscribe:${store.id}:${email}`,
    });
  });
}
