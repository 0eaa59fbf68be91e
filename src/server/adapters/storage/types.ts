import type { Readable } from 'node:stream';

/** Where uploaded files live. The embedded default is the local disk; S3 is the scale path. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** A readable stream of the bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /**
   * A short-lived URL the client PUTs the bytes to directly, bound to the key and content type.
   * Absent (the local disk): the bytes go through our own signed upload route.
   */
  presignPut?(key: string, contentType: string, expiresInSeconds: number): Promise<string>;
}
