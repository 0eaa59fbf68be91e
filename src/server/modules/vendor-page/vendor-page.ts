import { isFieldShown, parseDescription } from '#shared/metafield-properties';
import {
  VENDOR_PAGE_MESSAGES,
  VendorPageSchema,
  type VendorPage,
  type VendorPageAnswer,
  type VendorPageInput,
} from '#shared/schemas/vendor-page';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { AppError, badRequest } from '#server/http/errors';
import { pageDefinitions } from './page-definitions.ts';
import { setPublishedPage } from './publish-vendor-page.ts';
import type { AuthContext } from '#server/http/policy';
import { sanitizeRichText } from '#server/lib/rich-text';
import { patchVendorSettings, readStoreSettings, readVendorSettings } from '../settings/index.ts';
import { getVendorByName, resolveVendorScope } from '../vendors/index.ts';

async function readPage(db: Db, storeId: string, vendorId: string): Promise<VendorPage> {
  const settings = await readVendorSettings(db, storeId, vendorId);
  const page = VendorPageSchema.catch(VendorPageSchema.parse({})).parse(settings.vendorPage ?? {});
  // Pages saved before rich text was sanitised on save are shown as they will be published.
  return { ...page, description: sanitizeRichText(page.description) };
}

/** The page's fields and sections, and the page of the caller's vendor, or of the one an admin names (none in the marketplace view). */
export async function vendorPageAnswer(db: Db, auth: AuthContext, requestedVendor?: string): Promise<VendorPageAnswer> {
  const { vendorId } = await resolveVendorScope(db, auth, requestedVendor);
  const settings = await readStoreSettings(db, auth.storeId);
  return {
    definitions: await pageDefinitions(db, auth.storeId),
    sections: settings.vendorPage.sections,
    enabled: settings.vendorPage.enabled,
    page: vendorId ? await readPage(db, auth.storeId, vendorId) : null,
  };
}

/**
 * Saves the caller's vendor page: only the page's known fields are kept, required ones that are
 * shown must be filled, and rich text is sanitised here, so the page is published as stored.
 */
export async function saveVendorPage(
  ctx: AppContext,
  auth: AuthContext,
  input: VendorPageInput,
  requestedVendor?: string,
): Promise<VendorPage> {
  const { vendorId } = await resolveVendorScope(ctx.db, auth, requestedVendor);
  if (!vendorId) throw badRequest('Switch to a vendor to edit its page');
  const settings = await readStoreSettings(ctx.db, auth.storeId);
  if (!settings.vendorPage.enabled) throw new AppError('forbidden', VENDOR_PAGE_MESSAGES.disabled);
  const definitions = await pageDefinitions(ctx.db, auth.storeId);
  const known = new Set(definitions.map((d) => d.key));
  const richText = new Set(definitions.filter((d) => d.type === 'richtext').map((d) => d.key));
  const edited = input.metafields
    .filter((m) => known.has(m.key) && m.value !== '' && !(Array.isArray(m.value) && m.value.length === 0))
    .map((m) => (richText.has(m.key) && typeof m.value === 'string' ? { ...m, value: sanitizeRichText(m.value) } : m));
  // Metafields the page does not show (answered at registration) stay as they are.
  const metafields = [...edited, ...(await readPage(ctx.db, auth.storeId, vendorId)).metafields.filter((m) => !known.has(m.key))];
  const values = Object.fromEntries(edited.map((m) => [m.key, m.value]));
  const errors = definitions.flatMap((d, i) => {
    const { properties } = parseDescription(typeof d.description === 'string' ? d.description : '');
    const required = d.required === true || properties.required === true;
    return required && isFieldShown(properties, values) && values[d.key] === undefined
      ? [{ path: `metafields.${i}`, message: 'Required' }]
      : [];
  });
  if (errors.length) throw new AppError('bad_request', 'Some metafields are required', errors);
  // An admin's own edit, or a marketplace that approves pages automatically, publishes at once.
  const status = auth.isAdmin || settings.vendorPage.autoApprove ? 'approved' : 'pending';
  const page: VendorPage = {
    ...input,
    description: sanitizeRichText(input.description),
    metafields,
    status,
    updatedAt: ctx.now().toISOString(),
  };
  await ctx.db.transaction(async (tx) => {
    await patchVendorSettings(tx, auth.storeId, vendorId, { vendorPage: page });
    // A page waiting for review leaves the approved one on the storefront until it is approved in turn.
    if (status === 'approved') await setPublishedPage(ctx, tx, auth.storeId, vendorId, publishedOf(page));
  });
  return page;
}

const publishedOf = (page: VendorPage) => ({ description: page.description, imageUrl: page.imageUrl, metafields: page.metafields });

/** An admin approves a vendor's page (it is published as it is now), or takes it back to draft (and off the storefront). */
export async function decideVendorPage(ctx: AppContext, storeId: string, vendorName: string, action: 'approve' | 'unapprove') {
  const vendor = await getVendorByName(ctx.db, storeId, vendorName);
  const page = await readPage(ctx.db, storeId, vendor.id);
  await ctx.db.transaction(async (tx) => {
    await patchVendorSettings(tx, storeId, vendor.id, { vendorPage: { ...page, status: action === 'approve' ? 'approved' : 'draft' } });
    await setPublishedPage(ctx, tx, storeId, vendor.id, action === 'approve' ? publishedOf(page) : null);
  });
}
