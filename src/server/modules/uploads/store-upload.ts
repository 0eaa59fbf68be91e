import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { files } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { checkFileContent } from './check-file-content.ts';
import { fileLocation } from './file-location.ts';

export interface StoreUploadOptions {
  /** Key and type come from a verified signature, so they are the ones we handed out. */
  key: string;
  contentType: string;
  body: Buffer;
}

const alreadyUsed = () => new AppError('conflict', 'This upload URL has already been used; ask for a new one');

/**
 * Completes a signed upload: the bytes are checked before anything is written, and the row is claimed
 * (completed_at set only while still empty) before the write, so a URL stores at most one file even
 * when two requests race with it.
 */
export async function storeUpload(ctx: AppContext, { key, contentType, body }: StoreUploadOptions): Promise<{ location: string }> {
  const [row] = await ctx.db.select().from(files).where(eq(files.key, key));
  if (!row || row.contentType !== contentType) throw new AppError('forbidden', 'This upload URL is not valid');
  if (row.completedAt) throw alreadyUsed();
  await checkFileContent(body, contentType);
  const claimed = await ctx.db
    .update(files)
    .set({ completedAt: ctx.now(), size: body.length })
    .where(and(eq(files.id, row.id), isNull(files.completedAt)))
    .returning({ id: files.id });
  if (claimed.length === 0) throw alreadyUsed();
  try {
    await ctx.storage.put(key, body, contentType);
  } catch (error) {
    // Give the URL back, so the client's retry (the spec retries PUTs) can still complete it.
    await ctx.db.update(files).set({ completedAt: null, size: null }).where(eq(files.id, row.id));
    throw error;
  }
  return { location: fileLocation(ctx.config, key) };
}
