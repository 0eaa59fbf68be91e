import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { platformInstallations } from '#server/db/schema/index';
import { notePlatformNotice } from '../installation/index.ts';
import type { StoreRecord } from '../stores/index.ts';

/**
 * Notes that the platform reported a plan change for a store. The call is unsigned (anyone can
 * make it), so it carries no plan we could trust: we only stamp the store's installation, and the
 * plan itself only changes through PUT admin/installation (the installation module keeps when the
 * platform last said so). Returns how many installations were stamped.
 */
export async function recordPlanChange(ctx: AppContext, store: StoreRecord): Promise<number> {
  const stamped = await ctx.db
    .update(platformInstallations)
    .set({ updatedAt: ctx.now() })
    .where(eq(platformInstallations.storeId, store.id))
    .returning({ shop: platformInstallations.shop });
  await notePlatformNotice(ctx.db, store.id, ctx.now());
  return stamped.length;
}
