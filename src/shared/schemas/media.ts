import { z } from 'zod';
import { MSG } from '../messages.ts';
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from '../limits.ts';

export const MEDIA_CONTENT_TYPES = ['IMAGE', 'VIDEO', 'EXTERNAL_VIDEO'] as const;
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number];

export const MediaItemSchema = z.object({
  src: z.string().min(1),
  contentType: z.enum(MEDIA_CONTENT_TYPES),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

/** Marks a value as media the back-office still has to attach to the product on the platform. */
const UPLOAD_ME = 'UPLOAD_ME';
/** A field with this key feeds the vendor's image URL directly, so it keeps the plain src. */
export const BARE_SRC_KEY = '$imageUrl';
/** Global ids of the platform's files: the value names a file the platform hosts, not a URL. */
const PLATFORM_FILE_ID_PREFIX = 'gid://';

/** Video hosts whose pages are embedded rather than downloaded (the spec's {host}). */
const EXTERNAL_VIDEO_HOSTS = ['youtube.com', 'youtube-nocookie.com', 'youtu.be', 'vimeo.com'];

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

const matchesHost = (hostname: string, host: string) => hostname === host || hostname.endsWith(`.${host}`);

/** True for absolute http(s) URLs, the only ones the media-from-URL dialog saves. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Media given by URL: a page on a video host is an EXTERNAL_VIDEO, anything else an IMAGE. */
export function classifyMediaUrl(url: string): 'EXTERNAL_VIDEO' | 'IMAGE' {
  const hostname = hostnameOf(url.trim());
  return hostname && EXTERNAL_VIDEO_HOSTS.some((host) => matchesHost(hostname, host)) ? 'EXTERNAL_VIDEO' : 'IMAGE';
}

/** Uploaded files: videos by their MIME type, everything else is treated as an image. */
export function contentTypeOfMime(mime: string): 'IMAGE' | 'VIDEO' {
  return mime.toLowerCase().startsWith('video/') ? 'VIDEO' : 'IMAGE';
}

/** 'UPLOAD_ME#{contentType}#{src}', or the bare src for the $imageUrl field. */
export function encodeMediaValue(item: MediaItem, fieldKey?: string): string {
  if (fieldKey === BARE_SRC_KEY) return item.src;
  return `${UPLOAD_ME}#${item.contentType}#${item.src}`;
}

/**
 * The media item a stored value stands for. A bare src (the $imageUrl field, older answers) is
 * classified like a URL given in the dialog. The src itself may contain '#', so only the first
 * two separators count.
 */
export function decodeMediaValue(value: string): MediaItem | null {
  const text = value.trim();
  if (!text) return null;
  const prefix = `${UPLOAD_ME}#`;
  if (text.startsWith(prefix)) {
    const rest = text.slice(prefix.length);
    const separator = rest.indexOf('#');
    if (separator < 0) return null;
    const contentType = rest.slice(0, separator);
    const src = rest.slice(separator + 1);
    const parsed = MediaItemSchema.safeParse({ contentType, src });
    return parsed.success ? parsed.data : null;
  }
  if (isPlatformFileId(text)) return { src: text, contentType: 'IMAGE' };
  return { src: text, contentType: classifyMediaUrl(text) };
}

/** A platform file id must be resolved (GET cdn/shopify/file) before it can be shown. */
export function isPlatformFileId(src: string): boolean {
  return src.startsWith(PLATFORM_FILE_ID_PREFIX);
}

/**
 * The YouTube video id of a link: the spec takes it from the v query parameter
 * (https://www.youtube.com/watch?v=ID); short and embed links are accepted as well.
 */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  const valid = (id: string | null | undefined) => (id && /^[\w-]{6,20}$/.test(id) ? id : null);
  const fromQuery = valid(url.searchParams.get('v'));
  if (fromQuery) return fromQuery;
  const hostname = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (matchesHost(hostname, 'youtu.be')) return valid(segments[0]);
  if (
    (matchesHost(hostname, 'youtube.com') || matchesHost(hostname, 'youtube-nocookie.com')) &&
    ['embed', 'shorts'].includes(segments[0])
  ) {
    return valid(segments[1]);
  }
  return null;
}

/** The privacy-friendly player URL of a YouTube video (our CSP allows frames from it). */
export function youtubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;
}

export interface ImageFacts {
  bytes: number;
  /** Known once the image is decoded; a format the browser cannot decode (HEIC) skips the pixel check. */
  width?: number;
  height?: number;
}

/**
 * Why an image may not be uploaded, or null when it may: over 20MB, or over 25 million pixels.
 * The client checks before uploading and the server checks again, with the same messages.
 */
export function imageUploadProblem(image: ImageFacts): string | null {
  if (image.bytes > MAX_UPLOAD_BYTES) return MSG.imageTooLarge;
  if (image.width && image.height && image.width * image.height > MAX_IMAGE_PIXELS) return MSG.imageTooManyPixels;
  return null;
}
