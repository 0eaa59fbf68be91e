import type { Config } from '#server/config';

/** The API paths of the upload flow, shared by the routes and the URLs handed out. */
export const UPLOAD_PATHS = {
  /** PUT raw bytes: `/api/cdn/upload/<key>?contentType&expires&signature`. */
  bytes: '/api/cdn/upload',
  /** POST multipart form of a staged target. */
  staged: '/api/cdn/staged-upload',
  /** GET a stored file: `/api/cdn/files/<key>`. */
  files: '/api/cdn/files',
} as const;

/**
 * Absolute URLs are built from the configured public origin, never from the Host header, so a forged
 * Host cannot make us hand out links to another site.
 */
export function absoluteUrl(config: Pick<Config, 'publicUrl'>, path: string): string {
  return `${config.publicUrl}${path}`;
}

/** Keys are `<store>/<target>/<uuid>.<ext>`: every part is URL-safe, so they go into paths as they are. */
export function fileLocation(config: Pick<Config, 'publicUrl'>, key: string): string {
  return absoluteUrl(config, `${UPLOAD_PATHS.files}/${key}`);
}
