import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FileStorage } from './types.ts';

/** Files on the local disk under one root; keys never leave the root. */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;
  constructor(private root: string) {}

  private resolve(key: string) {
    const target = path.resolve(this.root, key);
    if (!target.startsWith(path.resolve(this.root) + path.sep)) throw new Error('Invalid storage key');
    return target;
  }

  async put(key: string, body: Buffer) {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, body);
    await rename(temp, target);
  }

  async get(key: string) {
    const target = this.resolve(key);
    try {
      const info = await stat(target);
      return { body: createReadStream(target), size: info.size };
    } catch {
      return null;
    }
  }

  async delete(key: string) {
    await rm(this.resolve(key), { force: true });
  }
}
