import type { Config } from '#server/config';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';
import type { FileStorage } from './types.ts';

/** The file storage the configuration names: the local disk, or an S3-compatible bucket. */
export function createFileStorage(config: Pick<Config, 'storage' | 'filesDir' | 's3'>): FileStorage {
  if (config.storage === 's3' && config.s3) return new S3FileStorage(config.s3);
  return new LocalFileStorage(config.filesDir);
}
