import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { AppContext } from '#server/context';
import { files } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';
import { completeDirectUpload } from './complete-direct-upload.ts';

export interface ServedFile {
  body: Readable;
  size: number;
  contentType: string;
  contentDisposition: string;
}

/**
 * A Content-Disposition value with a name that cannot break out of the header or point to a path: an
 * ASCII fallback plus the RFC 5987 UTF-8 form. Only images and video open in the browser; anything
 * else (PDF) downloads, so no stored file ever renders as a page of our origin.
 */
export function contentDisposition(contentType: string, originalName: string): string {
  const inline = contentType.startsWith('image/') || contentType.startsWith('video/');
  const base = originalName.split(/[\\/]/).pop() ?? '';
  const clean =
    base
      .replace(/[\u0000-\u001f\u007f"]/g, '')
      .trim()
      .slice(0, 150) || 'file';
  const ascii = clean.replace(/[^A-Za-z0-9._ ()-]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A completed upload by its key; an unknown key or an upload still waiting for its bytes is a 404. A
 * direct-to-bucket upload is checked and completed on its first read.
 */
export async function serveFile(ctx: AppContext, key: string): Promise<ServedFile> {
  const [row] = await ctx.db.select().from(files).where(eq(files.key, key));
  if (!row || !(row.completedAt || (await completeDirectUpload(ctx, row)))) throw notFound();
  const stored = await ctx.storage.get(key);
  if (!stored) throw notFound();
  return {
    body: stored.body,
    size: stored.size,
    contentType: row.contentType,
    contentDisposition: contentDisposition(row.contentType, row.originalName),
  };
}
