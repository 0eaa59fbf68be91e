import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { storePlans } from '#server/db/schema/index';

/**
 * subscription/changed is unsigned: it only stamps when the platform last said the plan changed.
 * The plan itself changes through PUT admin/installation, never from this call.
 */
export async function notePlatformNotice(db: Db, storeId: string, at: Date) {
  await db.update(storePlans).set({ platformNotifiedAt: at }).where(eq(storePlans.storeId, storeId));
}
