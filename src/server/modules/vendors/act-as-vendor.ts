import { MARKETPLACE_VIEW } from '#shared/permissions';
import { VENDOR_MESSAGES } from '#shared/schemas/vendors';
import type { AppContext } from '#server/context';
import { badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { switchVendorView } from '../auth/index.ts';
import { findVendor } from './find-vendor.ts';

/**
 * An admin acts as one vendor of its store, or as the marketplace ("*"): the choice is kept on the
 * sign-in (its refresh-token family), so a refresh keeps it; the new access token names it.
 */
export async function actAsVendor(ctx: AppContext, auth: AuthContext, vendor: string) {
  if (vendor !== MARKETPLACE_VIEW && !(await findVendor(ctx.db, auth.storeId, vendor))) {
    throw badRequest(VENDOR_MESSAGES.unknownVendor, [{ path: 'vendor', message: VENDOR_MESSAGES.unknownVendor }]);
  }
  if (!auth.sessionId) throw badRequest('Switching vendors needs a browser session');
  return switchVendorView(ctx, auth.userId, auth.sessionId, vendor);
}
