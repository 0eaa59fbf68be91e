import { and, asc, eq } from 'drizzle-orm';
import { isFieldShown, parseDescription } from '#shared/metafield-properties';
import { VendorPageSchema, type VendorPage, type VendorPageAnswer, type VendorPageInput } from '#shared/schemas/vendor-page';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { metafieldDefinitions } from '#server/db/schema/index';
import { AppError, badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { sanitizeRichText } from '#server/lib/rich-text';
import { readStoreSettings } from '../settings/store-settings.ts';
import { patchVendorSettings, readVendorSettings } from '../settings/vendor-settings.ts';
import { getVendorByName } from '../vendors/find-vendor.ts';

/** The definitions a vendor page shows: collection metafields flagged showOnVendorPage. */
async function pageDefinitions(db: Db, storeId: string) {
  const rows = await db
    .select({ key: metafieldDefinitions.key, definition: metafieldDefinitions.definition })
    .from(metafieldDefinitions)
    .where(and(eq(metafieldDefinitions.storeId, storeId), eq(metafieldDefinitions.owner, 'collections')))
    .orderBy(asc(metafieldDefinitions.position));
  return rows
    .filter((r) => r.definition.showOnVendorPage === true)
    .map((r) => ({ ...r.definition, key: r.key }) as Record<string, unknown> & { key: string; description?: unknown; required?: unknown });
}

async function readPage(db: Db, storeId: string, vendorId: string): Promise<VendorPage> {
  const settings = await readVendorSettings(db, storeId, vendorId);
  const page = VendorPageSchema.catch(VendorPageSchema.parse({})).parse(settings.vendorPage ?? {});
  // Pages saved before rich text was sanitised on save are shown as they will be published.
  return { ...page, description: sanitizeRichText(page.description) };
}

/** The page's fields and sections, and the caller's own page (none in the marketplace view). */
export async function vendorPageAnswer(db: Db, auth: AuthContext): Promise<VendorPageAnswer> {
  const settings = await readStoreSettings(db, auth.storeId);
  return {
    definitions: await pageDefinitions(db, auth.storeId),
    sections: settings.vendorPage.sections,
    enabled: settings.vendorPage.enabled,
    page: auth.vendorId ? await readPage(db, auth.storeId, auth.vendorId) : null,
  };
}

/**
 * Saves the caller's vendor page: only the page's known fields are kept, required ones that are
 * shown must be filled, and rich text is sanitised here, so the page is published as stored.
 */
export async function saveVendorPage(ctx: AppContext, auth: AuthContext, input: VendorPageInput): Promise<VendorPage> {
  if (!auth.vendorId) throw badRequest('Switch to a vendor to edit its page');
  const settings = await readStoreSettings(ctx.db, auth.storeId);
  const definitions = await pageDefinitions(ctx.db, auth.storeId);
  const known = new Set(definitions.map((d) => d.key));
  const richText = new Set(definitions.filter((d) => d.type === 'richtext').map((d) => d.key));
  const edited = input.metafields
    .filter((m) => known.has(m.key) && m.value !== '' && !(Array.isArray(m.value) && m.value.length === 0))
    .map((m) => (richText.has(m.key) && typeof m.value === 'string' ? { ...m, value: sanitizeRichText(m.value) } : m));
  // Metafields the page does not show (answered at registration) stay as they are.
  const metafields = [...edited, ...(await readPage(ctx.db, auth.storeId, auth.vendorId)).metafields.filter((m) => !known.has(m.key))];
  const values = Object.fromEntries(edited.map((m) => [m.key, m.value]));
  const errors = definitions.flatMap((d, i) => {
    const { properties } = parseDescription(typeof d.description === 'string' ? d.description : '');
    const required = d.required === true || properties.required === true;
    return required && isFieldShown(properties, values) && values[d.key] === undefined ? [{ path: `metafields.${i}`, message: 'Required' }] : [];
  });
  if (errors.length) throw new AppError('bad_request', 'Some metafields are required', errors);
  // An admin's own edit, or a marketplace that approves pages automatically, publishes at once.
  const status = auth.isAdmin || settings.vendorPage.autoApprove ? 'approved' : 'pending';
  const page: VendorPage = { ...input, description: sanitizeRichText(input.description), metafields, status, updatedAt: ctx.now().toISOString() };
  await patchVendorSettings(ctx.db, auth.storeId, auth.vendorId, { vendorPage: page });
  return page;
}

/** An admin approves a vendor's page, or takes it back to draft. */
export async function decideVendorPage(db: Db, storeId: string, vendorName: string, action: 'approve' | 'unapprove') {
  const vendor = await getVendorByName(db, storeId, vendorName);
  const page = await readPage(db, storeId, vendor.id);
  await patchVendorSettings(db, storeId, vendor.id, { vendorPage: { ...page, status: action === 'approve' ? 'approved' : 'draft' } });
}
