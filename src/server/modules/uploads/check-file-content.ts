import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MAX_ASPECT_RATIO, MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from '#shared/limits';
import { MSG } from '#shared/messages';
import { AppError, badRequest } from '#server/http/errors';
import { canonicalType, typeLabel } from './accepted-types.ts';

/** The format sharp reports for each accepted image type (HEIC is a HEIF container). */
const SHARP_FORMAT: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heif',
};

function mismatch(declared: string) {
  return new AppError('unsupported_media', `The file content is not a valid ${typeLabel(declared)} file`);
}

/**
 * Checks the bytes themselves, never the name or the header the client sent: the
 * size cap, the real type from magic numbers, and for images the decoded header (pixels and aspect
 * ratio). `declared` is the type the upload URL was signed for; anything else is refused.
 */
export async function checkFileContent(body: Buffer, declared: string): Promise<void> {
  if (body.length > MAX_UPLOAD_BYTES) throw new AppError('too_large', MSG.imageTooLarge);
  if (body.length === 0) throw badRequest('The file is empty');
  const detected = await fileTypeFromBuffer(body);
  if (!detected || canonicalType(detected.mime) !== declared) throw mismatch(declared);
  if (!declared.startsWith('image/')) return;

  let width: number | undefined;
  let height: number | undefined;
  try {
    // Only the header is read; pixels are never decoded here, so the decoder's own pixel limit is not needed.
    const meta = await sharp(body, { limitInputPixels: false }).metadata();
    if (meta.format !== SHARP_FORMAT[declared]) throw mismatch(declared);
    width = meta.width;
    // One frame of an animation is what is shown; sharp reads the first page unless asked for all of them.
    height = meta.pageHeight ?? meta.height;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw mismatch(declared);
  }
  if (!width || !height) throw mismatch(declared);
  if (width * height > MAX_IMAGE_PIXELS) throw badRequest(MSG.imageTooManyPixels);
  if (Math.max(width / height, height / width) > MAX_ASPECT_RATIO) throw badRequest(MSG.uploadFailed);
}
