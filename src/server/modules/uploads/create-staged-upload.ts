import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '#shared/limits';
import { MSG } from '#shared/messages';
import { EXTENSION_TYPES, FILE_GID_PREFIX, TYPE_EXTENSIONS, extensionOf, type StagedUpload } from '#shared/schemas/uploads';
import type { AppContext } from '#server/context';
import { files } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { assertAccepted, canonicalType } from './accepted-types.ts';
import type { Uploader } from './resolve-uploader.ts';
import { UPLOAD_URL_TTL_SECONDS, signUpload } from './sign-upload.ts';
import { UPLOAD_PATHS, absoluteUrl, fileLocation } from './file-location.ts';

export const STAGED_TARGET = 'stage-upload';

export interface CreateStagedUploadOptions {
  mime: string;
  filename: string;
  /** As announced by the client; the real size is checked again on the bytes. */
  fileSize: number;
}

/**
 * The embedded counterpart of the platform's stagedUploadsCreate: a form target (like an S3 presigned
 * POST) whose signed parameters bind one key and one type, and a file global id to resolve later.
 */
export async function createStagedUpload(ctx: AppContext, uploader: Uploader, options: CreateStagedUploadOptions): Promise<StagedUpload> {
  if (options.fileSize > MAX_UPLOAD_BYTES) throw new AppError('too_large', MSG.imageTooLarge);
  // Browsers leave the type empty for formats they do not know (HEIC on most systems); the name then decides.
  const announced = canonicalType(options.mime);
  const contentType = announced && announced !== 'application/octet-stream' ? announced : EXTENSION_TYPES[extensionOf(options.filename)];
  assertAccepted(STAGED_TARGET, contentType);
  const ext = TYPE_EXTENSIONS[contentType];
  const id = randomUUID();
  const key = `${uploader.storeId}/${STAGED_TARGET}/${id}.${ext}`;
  await ctx.db.insert(files).values({
    id,
    storeId: uploader.storeId,
    key,
    proxy: STAGED_TARGET,
    contentType,
    originalName: options.filename || `file.${ext}`,
    uploadedBy: uploader.userId,
    vendorId: uploader.vendorId,
  });
  const expires = String(Math.floor(ctx.now().getTime() / 1000) + UPLOAD_URL_TTL_SECONDS);
  const signature = signUpload(ctx.uploadSecret, { method: 'POST', key, contentType, expires: Number(expires) });
  return {
    stagedTarget: {
      url: absoluteUrl(ctx.config, UPLOAD_PATHS.staged),
      parameters: [
        { name: 'key', value: key },
        { name: 'Content-Type', value: contentType },
        { name: 'expires', value: expires },
        { name: 'signature', value: signature },
      ],
      resourceUrl: fileLocation(ctx.config, key),
    },
    resource: `${FILE_GID_PREFIX}${id}`,
  };
}
