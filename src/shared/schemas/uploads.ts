import { z } from 'zod';
import { ACCEPTED_IMAGE_TYPES, UPLOAD_PROXIES, type UploadProxy } from '../limits.ts';
import { MSG } from '../messages.ts';
import { StoreIdSchema } from './common.ts';

/** Where a file may be staged: the seven proxies of `PUT cdn/{proxy}` plus `PUT cdn/stage-upload`. */
export type UploadTarget = UploadProxy | 'stage-upload';

export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export const PDF_TYPE = 'application/pdf';

/**
 * What each target accepts. SVG and HTML are never on any list: they run script when opened from our
 * origin (stored XSS). Images are what the spec's upload rules describe; files and media add PDF and video.
 */
export const ACCEPTED_TYPES: Record<UploadTarget, readonly string[]> = {
  'vendor-page': ACCEPTED_IMAGE_TYPES,
  'product-images': ACCEPTED_IMAGE_TYPES,
  'logo-text': ACCEPTED_IMAGE_TYPES,
  'logo-registration': ACCEPTED_IMAGE_TYPES,
  'model-image': ACCEPTED_IMAGE_TYPES,
  'metafield-file': [...ACCEPTED_IMAGE_TYPES, PDF_TYPE, ...VIDEO_TYPES],
  messages: [...ACCEPTED_IMAGE_TYPES, PDF_TYPE],
  'stage-upload': [...ACCEPTED_IMAGE_TYPES, ...VIDEO_TYPES],
};

/** The only file extensions a key may end with, and the content type each one stands for. */
export const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heic',
  gif: 'image/gif',
  pdf: PDF_TYPE,
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

/** The extension a key gets for a content type (stage-upload names keys from the mime type). */
export const TYPE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/gif': 'gif',
  [PDF_TYPE]: 'pdf',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/** "PNG", ".png" and "png" all name the same extension. */
export function normaliseExtension(ext: string): string {
  return ext.trim().replace(/^\./, '').toLowerCase();
}

/** The extension of a file name, or '' when it has none. */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? normaliseExtension(filename.slice(dot + 1)) : '';
}

export const UploadProxySchema = z.enum(UPLOAD_PROXIES, { error: 'Unknown upload proxy' });

/** `PUT cdn/{proxy}`: an anonymous caller (the public registration form) names its store. */
export const UploadUrlQuerySchema = z.object({
  ext: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(10),
  name: z.string().trim().max(255).optional().default(''),
  store: StoreIdSchema.optional(),
});

export const UploadUrlSchema = z.object({
  /** Signed, short-lived: PUT the raw bytes here with the file's type as Content-Type. */
  url: z.string(),
  /** Where the file is served once uploaded. */
  location: z.string(),
});
export type UploadUrl = z.infer<typeof UploadUrlSchema>;

export const StageUploadQuerySchema = z.object({
  mime: z.string().trim().max(100).optional().default(''),
  filename: z.string().trim().max(255).optional().default(''),
  fileSize: z.coerce.number({ error: MSG.required }).int().min(0),
  store: StoreIdSchema.optional(),
});

/** The storefront platform's stagedUploadsCreate answer, for the same client code. */
export const StagedUploadSchema = z.object({
  stagedTarget: z.object({
    /** POST a multipart form here: every parameter, then the `file` field last. */
    url: z.string(),
    parameters: z.array(z.object({ name: z.string(), value: z.string() })),
    resourceUrl: z.string(),
  }),
  /** `gid://marketplace/File/<uuid>`, resolved later by `GET cdn/shopify/file`. */
  resource: z.string(),
});
export type StagedUpload = z.infer<typeof StagedUploadSchema>;

export const FILE_GID_PREFIX = 'gid://marketplace/File/';

export const FileSrcQuerySchema = z.object({
  // The spec spells it "ressourceId".
  ressourceId: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(200),
  store: StoreIdSchema.optional(),
});

export const FileSrcSchema = z.object({ src: z.string() });
export type FileSrc = z.infer<typeof FileSrcSchema>;
