import { and, asc, eq } from 'drizzle-orm';
import { isFieldShown, parseDescription } from '#shared/metafield-properties';
import { OkSchema } from '#shared/schemas/common';
import { VendorPageActionSchema, VendorPageAnswerSchema, VendorPageInputSchema, VendorPageSchema, type VendorPage } from '#shared/schemas/vendor-page';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { metafieldDefinitions } from '#server/db/schema/index';
import { AppError, badRequest } from '#server/http/errors';
import { sanitizeRichText } from '#server/lib/rich-text';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { readStoreSettings } from '../settings/store-settings.ts';
import { patchVendorSettings, readVendorSettings } from '../settings/vendor-settings.ts';
import { getVendorByName } from '../vendors/find-vendor.ts';

const tags = ['vendors'];

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

function requireVendorScope(vendorId: string | null): string {
  if (!vendorId) throw badRequest('Switch to a vendor to edit its page');
  return vendorId;
}

export function registerVendorPageRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/vendors/v2/definitions',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "The vendor page's fields and sections, and the caller's page",
        response: { 200: VendorPageAnswerSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const settings = await readStoreSettings(ctx.db, auth.storeId);
      return {
        definitions: await pageDefinitions(ctx.db, auth.storeId),
        sections: settings.vendorPage.sections,
        enabled: settings.vendorPage.enabled,
        page: auth.vendorId ? await readPage(ctx.db, auth.storeId, auth.vendorId) : null,
      };
    },
  );

  app.post(
    '/api/vendors/v2',
    { config: { policy: 'user' }, schema: { tags, summary: "Save the vendor's page (description, image, fields)", body: VendorPageInputSchema, response: { 200: VendorPageSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      const vendorId = requireVendorScope(auth.vendorId);
      const settings = await readStoreSettings(ctx.db, auth.storeId);
      const definitions = await pageDefinitions(ctx.db, auth.storeId);
      const known = new Set(definitions.map((d) => d.key));
      const richText = new Set(definitions.filter((d) => d.type === 'richtext').map((d) => d.key));
      const metafields = request.body.metafields
        .filter((m) => known.has(m.key) && m.value !== '' && !(Array.isArray(m.value) && m.value.length === 0))
        .map((m) => (richText.has(m.key) && typeof m.value === 'string' ? { ...m, value: sanitizeRichText(m.value) } : m));
      const values = Object.fromEntries(metafields.map((m) => [m.key, m.value]));
      const errors = definitions.flatMap((d, i) => {
        const { properties } = parseDescription(typeof d.description === 'string' ? d.description : '');
        const required = d.required === true || properties.required === true;
        return required && isFieldShown(properties, values) && values[d.key] === undefined ? [{ path: `metafields.${i}`, message: 'Required' }] : [];
      });
      if (errors.length) throw new AppError('bad_request', 'Some metafields are required', errors);
      // An admin's own edit, or a marketplace that approves pages automatically, publishes at once.
      const status = auth.isAdmin || settings.vendorPage.autoApprove ? 'approved' : 'pending';
      // The page is published as stored: its description and rich-text fields are sanitised here.
      const page: VendorPage = { ...request.body, description: sanitizeRichText(request.body.description), metafields, status, updatedAt: ctx.now().toISOString() };
      await patchVendorSettings(ctx.db, auth.storeId, vendorId, { vendorPage: page });
      return page;
    },
  );

  app.put(
    '/api/vendors/v2/action',
    { config: { policy: 'admin' }, schema: { tags, summary: "Approve or unapprove a vendor's page", body: VendorPageActionSchema, response: { 200: OkSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      const vendor = await getVendorByName(ctx.db, auth.storeId, request.body.vendor);
      const page = await readPage(ctx.db, auth.storeId, vendor.id);
      await patchVendorSettings(ctx.db, auth.storeId, vendor.id, { vendorPage: { ...page, status: request.body.action === 'approve' ? 'approved' : 'draft' } });
      return { ok: true as const };
    },
  );
}
