import { MSG } from '#shared/messages';
import type { UploadTarget } from '#shared/schemas/uploads';
import type { AppContext } from '#server/context';
import { AppError, unauthorized } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { getStore } from '../stores/index.ts';

/** What the public registration form uploads to; every other target needs a signed-in caller. */
export const ANONYMOUS_TARGETS: readonly UploadTarget[] = ['metafield-file', 'stage-upload'];

export interface Uploader {
  storeId: string;
  userId: string | null;
  vendorId: string | null;
}

/**
 * Who an upload belongs to. A signed-in caller's store and vendor come from the session, whatever the
 * query says. An anonymous caller is an applicant on the registration form: it names its store, which
 * must exist and have registration open, and it may only use the targets that form needs.
 */
export async function resolveUploader(
  ctx: AppContext,
  auth: AuthContext | null,
  target: UploadTarget,
  store: string | undefined,
): Promise<Uploader> {
  if (auth) return { storeId: auth.storeId, userId: auth.userId, vendorId: auth.vendorId };
  if (!ANONYMOUS_TARGETS.includes(target) || !store) throw unauthorized(MSG.signInRequired);
  const found = await getStore(ctx.db, store);
  if (!found.settings.registration.enableApproval) throw new AppError('forbidden', MSG.registrationDisabled);
  return { storeId: found.id, userId: null, vendorId: null };
}
