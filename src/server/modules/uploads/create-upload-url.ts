import { randomUUID } from 'node:crypto';
import { EXTENSION_TYPES, normaliseExtension, type UploadUrl } from '#shared/schemas/uploads';
import type { UploadProxy } from '#shared/limits';
import type { AppContext } from '#server/context';
import { files } from '#server/db/schema/index';
import { assertAccepted } from './accepted-types.ts';
import type { Uploader } from './resolve-uploader.ts';
import { UPLOAD_URL_TTL_SECONDS, signUpload } from './sign-upload.ts';
import { UPLOAD_PATHS, absoluteUrl, fileLocation } from './file-location.ts';
import { incomingKey } from './complete-direct-upload.ts';

export interface CreateUploadUrlOptions {
  proxy: UploadProxy;
  ext: string;
  /** The original file name, kept for the download name. */
  name: string;
}

/**
 * Hands out a signed URL to PUT one file's bytes to, bound to a fresh key and to the content type its
 * extension stands for. The file row exists from now on, incomplete until the bytes arrive.
 */
export async function createUploadUrl(ctx: AppContext, uploader: Uploader, options: CreateUploadUrlOptions): Promise<UploadUrl> {
  const ext = normaliseExtension(options.ext);
  const contentType = EXTENSION_TYPES[ext];
  assertAccepted(options.proxy, contentType);
  const id = randomUUID();
  const key = `${uploader.storeId}/${options.proxy}/${id}.${ext}`;
  await ctx.db.insert(files).values({
    id,
    storeId: uploader.storeId,
    key,
    proxy: options.proxy,
    contentType,
    originalName: options.name || `file.${ext}`,
    uploadedBy: uploader.userId,
    vendorId: uploader.vendorId,
  });
  const location = fileLocation(ctx.config, key);
  // A bucket takes the bytes itself; they are checked when the file is first asked for.
  if (ctx.storage.presignPut) return { url: await ctx.storage.presignPut(incomingKey(key), contentType, UPLOAD_URL_TTL_SECONDS), location };
  const expires = Math.floor(ctx.now().getTime() / 1000) + UPLOAD_URL_TTL_SECONDS;
  const signature = signUpload(ctx.uploadSecret, { method: 'PUT', key, contentType, expires });
  const query = new URLSearchParams({ contentType, expires: String(expires), signature });
  return {
    url: absoluteUrl(ctx.config, `${UPLOAD_PATHS.bytes}/${key}?${query}`),
    location,
  };
}
