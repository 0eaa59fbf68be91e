import type { Config } from '#server/config';
import { LocalFileStorage } from './local-storage.ts';
import type { FileStorage } from './types.ts';

/**
 * The file storage the configuration names: the local disk, or an S3-compatible bucket. The S3
 * client is loaded only for a bucket: a server on the local disk does not carry the SDK's memory.
 */
export async function createFileStorage(config: Pick<Config, 'storage' | 'filesDir' | 's3'>): Promise<FileStorage> {
  if (config.storage === 's3' && config.s3) {
    const { S3FileStorage } = await import('./s3-storage.ts');
    return new S3FileStorage(config.s3);
  }
  return new LocalFileStorage(config.filesDir);
}
