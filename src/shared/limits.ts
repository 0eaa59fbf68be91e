/** Business constants (limits, defaults, timings), shared by server and client. */
export const PASSWORD_MIN = 8;
/** ASVS 6.2: allow at least 64 characters; no truncation below this bound. */
export const PASSWORD_MAX = 128;
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 25_000_000;
export const MAX_ASPECT_RATIO = 100;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/gif'] as const;
export const LOADING_FADE_MS = 500;
export const PASSWORD_REDIRECT_MS = 5000;
export const HTTP_TIMEOUT_MS = 10_000;
export const ENDPOINT_TIMEOUT_MS = 150_000_000;
export const UPLOAD_PROXIES = [
  'vendor-page',
  'product-images',
  'logo-text',
  'logo-registration',
  'metafield-file',
  'model-image',
  'messages',
] as const;
export type UploadProxy = (typeof UPLOAD_PROXIES)[number];
