import { and, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { FILE_GID_PREFIX } from '#shared/schemas/uploads';
import type { AppContext } from '#server/context';
import { files } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';
import { fileLocation } from './file-location.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who asks: a signed-in user (vendorId null for the marketplace view) or an applicant of a store. */
export type FileViewer = { kind: 'user'; storeId: string; vendorId: string | null } | { kind: 'anonymous'; storeId: string };

/**
 * Which files of its store a viewer may resolve: the marketplace view all of them; a vendor its own
 * and the store's own (uploaded by an admin), never another vendor's or an applicant's documents; an
 * applicant only anonymous uploads (what the registration form itself sent).
 */
export function visibleTo(viewer: FileViewer): SQL | undefined {
  if (viewer.kind === 'anonymous') return isNull(files.uploadedBy);
  if (viewer.vendorId === null) return undefined;
  return or(eq(files.vendorId, viewer.vendorId), and(isNull(files.vendorId), isNotNull(files.uploadedBy)));
}

/** The absolute URL of a completed file by its global id; unknown, foreign or unfinished ids are a 404. */
export async function findFileSrc(ctx: AppContext, viewer: FileViewer, gid: string): Promise<string> {
  const id = gid.startsWith(FILE_GID_PREFIX) ? gid.slice(FILE_GID_PREFIX.length) : '';
  if (!UUID.test(id)) throw notFound();
  const [row] = await ctx.db
    .select({ key: files.key })
    .from(files)
    .where(and(eq(files.id, id), eq(files.storeId, viewer.storeId), isNotNull(files.completedAt), visibleTo(viewer)));
  if (!row) throw notFound();
  return fileLocation(ctx.config, row.key);
}
