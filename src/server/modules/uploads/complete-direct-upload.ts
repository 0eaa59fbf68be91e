import { buffer } from 'node:stream/consumers';
import { and, eq, isNull } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES } from '#shared/limits';
import { MSG } from '#shared/messages';
import type { AppContext } from '#server/context';
import { files } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { checkFileContent } from './check-file-content.ts';

type FileRow = typeof files.$inferSelect;

/**
 * Where a presigned (direct-to-bucket) upload lands. Nothing reads it from there: only bytes that
 * passed the content checks are copied to the file's own key, which is what is served.
 */
export const incomingKey = (key: string) => `incoming/${key}`;

/**
 * Completes an upload that went straight to the bucket, the first time its file is asked for (the
 * client PUTs to the bucket and never tells us): the same checks as an upload through our server
 * (size cap, magic numbers, image header), then the bytes move to the file's key and the row is
 * completed. Bytes that fail a check are deleted and the check's error is answered; nothing uploaded
 * yet answers false.
 */
export async function completeDirectUpload(ctx: AppContext, row: FileRow): Promise<boolean> {
  if (!ctx.storage.presignPut) return false;
  const incoming = await ctx.storage.get(incomingKey(row.key));
  if (!incoming) return false;
  let body: Buffer;
  try {
    if (incoming.size > MAX_UPLOAD_BYTES) {
      incoming.body.destroy();
      throw new AppError('too_large', MSG.imageTooLarge);
    }
    body = await buffer(incoming.body);
    await checkFileContent(body, row.contentType);
  } catch (error) {
    if (error instanceof AppError) await ctx.storage.delete(incomingKey(row.key));
    throw error;
  }
  await ctx.storage.put(row.key, body, row.contentType);
  // Two first readers may both get here with the same checked bytes; one completes the row.
  await ctx.db
    .update(files)
    .set({ completedAt: ctx.now(), size: body.length })
    .where(and(eq(files.id, row.id), isNull(files.completedAt)));
  await ctx.storage.delete(incomingKey(row.key));
  return true;
}
