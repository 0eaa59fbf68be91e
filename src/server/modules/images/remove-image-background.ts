import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES } from '#shared/limits';
import { IMAGE_MESSAGES, type RemovedBackground } from '#shared/schemas/images';
import type { Config } from '#server/config';
import type { AppContext } from '#server/context';
import { files } from '#server/db/schema/index';
import { AppError, badRequest, notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { BackgroundRemovalError } from '#server/adapters/background-removal/index';
import { checkFileContent, completeDirectUpload, fileLocation, UPLOAD_PATHS, visibleTo } from '../uploads/index.ts';

/** Keys as the upload flow makes them: `<store>/<target>/<uuid>.<ext>`. */
const KEY = /^[a-z0-9][a-z0-9_.-]*\/[a-z-]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/i;
const RESULT_PROXY = 'product-images';

/**
 * The storage key behind a URL of ours (`{PUBLIC_URL}/api/cdn/files/<key>`, or the same path on its own),
 * or null for anything else. The URL is only parsed, never fetched: the bytes are read from our storage
 * by key, so no address a caller sends is ever requested (SSRF).
 */
export function ownFileKey(config: Pick<Config, 'publicUrl'>, value: string): string | null {
  const own = new URL(config.publicUrl);
  let url: URL;
  try {
    url = new URL(value, `${own.origin}/`);
  } catch {
    return null;
  }
  if (url.origin !== own.origin || url.username || url.password) return null;
  const prefix = `${UPLOAD_PATHS.files}/`;
  if (!url.pathname.startsWith(prefix)) return null;
  const key = url.pathname.slice(prefix.length);
  return KEY.test(key) ? key : null;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_UPLOAD_BYTES) {
      stream.destroy();
      throw new AppError('too_large', 'The image is too large');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const stemOf = (name: string) => (name.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '').slice(0, 100) || 'image';

/**
 * POST images/remove-bg/v2: removes the background of one of the caller's uploaded images and stores
 * the result as a new product image (a transparent PNG); the original stays untouched. URLs that are
 * not our stored files are refused (400), files outside the caller's store or vendor do not exist (404),
 * and a failing removal is a BackgroundRemovalError (the route answers 502).
 */
export async function removeImageBackground(ctx: AppContext, auth: AuthContext, originImgUrl: string): Promise<RemovedBackground> {
  const key = ownFileKey(ctx.config, originImgUrl);
  if (!key) throw badRequest(IMAGE_MESSAGES.onlyUploaded, [{ path: 'originImgUrl', message: IMAGE_MESSAGES.onlyUploaded }]);
  const [source] = await ctx.db
    .select()
    .from(files)
    .where(
      and(eq(files.key, key), eq(files.storeId, auth.storeId), visibleTo({ kind: 'user', storeId: auth.storeId, vendorId: auth.vendorId })),
    );
  if (!source || !(source.completedAt || (await completeDirectUpload(ctx, source)))) throw notFound(IMAGE_MESSAGES.imageNotFound);
  if (!source.contentType.startsWith('image/'))
    throw badRequest(IMAGE_MESSAGES.notAnImage, [{ path: 'originImgUrl', message: IMAGE_MESSAGES.notAnImage }]);
  const stored = await ctx.storage.get(key);
  if (!stored) throw notFound(IMAGE_MESSAGES.imageNotFound);
  const body = await readAll(stored.body);

  const stem = stemOf(source.originalName);
  const png = await ctx.backgroundRemover.removeBackground({
    body,
    contentType: source.contentType,
    filename: `${stem}.${key.split('.').pop()}`,
  });
  try {
    // The same checks as any upload: a provider's answer is stored only if it is a sane PNG.
    await checkFileContent(png, 'image/png');
  } catch {
    throw new BackgroundRemovalError('The background removal gave an image that cannot be stored');
  }

  const id = randomUUID();
  const resultKey = `${auth.storeId}/${RESULT_PROXY}/${id}.png`;
  // Bytes first: a row always points at stored bytes; a crash in between leaves an unreferenced object only.
  await ctx.storage.put(resultKey, png, 'image/png');
  await ctx.db.insert(files).values({
    id,
    storeId: auth.storeId,
    key: resultKey,
    proxy: RESULT_PROXY,
    contentType: 'image/png',
    originalName: `${stem}-no-background.png`,
    size: png.length,
    uploadedBy: auth.userId,
    // An admin editing a vendor's image makes an image that vendor can use too.
    vendorId: auth.vendorId ?? source.vendorId,
    completedAt: ctx.now(),
  });
  return { convertedImgUrl: fileLocation(ctx.config, resultKey) };
}
