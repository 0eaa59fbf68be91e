import { ACCEPTED_IMAGE_TYPES } from '#shared/limits';
import { MSG } from '#shared/messages';
import { ACCEPTED_TYPES, type UploadTarget } from '#shared/schemas/uploads';
import { AppError } from '#server/http/errors';

const LABELS: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WEBP',
  'image/heic': 'HEIC',
  'image/gif': 'GIF',
  'application/pdf': 'PDF',
  'video/mp4': 'MP4',
  'video/webm': 'WEBM',
  'video/quicktime': 'MOV',
};

/** Browsers and detectors name a few formats two ways; we store one name each. */
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/heif': 'image/heic',
  'video/x-m4v': 'video/mp4',
};

export function canonicalType(type: string): string {
  const bare = type.split(';')[0].trim().toLowerCase();
  return ALIASES[bare] ?? bare;
}

export function typeLabel(type: string): string {
  return LABELS[type] ?? type;
}

/** 415 when a target does not take this type; image-only targets answer with the spec's upload failure text. */
export function assertAccepted(target: UploadTarget, contentType: string | undefined): asserts contentType is string {
  const accepted = ACCEPTED_TYPES[target];
  if (contentType && accepted.includes(contentType)) return;
  const imagesOnly = accepted.every((t) => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(t));
  const message = imagesOnly
    ? MSG.uploadFailed
    : `This file type is not accepted here. Accepted types: ${accepted.map(typeLabel).join(', ')}.`;
  throw new AppError('unsupported_media', message);
}
