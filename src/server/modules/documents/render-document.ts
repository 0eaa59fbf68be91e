import sharp from 'sharp';
import type { Settings } from '#shared/schemas/settings';
import type { AppContext } from '#server/context';
import { ownFileKey } from '../images/remove-image-background.ts';
import { findTemplateOverride } from '../notifications/get-template.ts';
import { renderTemplate, TemplateError } from '../notifications/render.ts';
import { TEMPLATES } from '../notifications/templates/index.ts';
import { readStoreSettings } from '../settings/store-settings.ts';
import { readVendorSettings } from '../settings/vendor-settings.ts';
import { AppError } from '#server/http/errors';
import { getStore } from '../stores/find-store.ts';

export type DocumentTemplate = 'doc-customer-invoice' | 'doc-packing-slip' | 'doc-vendor-invoice';

/** The most bytes of a logo read into a document. */
const MAX_LOGO_BYTES = 5 * 1024 * 1024;

/**
 * The store's logo as a PNG data URL for the document's <img>, when it is a file of ours (read from
 * our storage by key, never fetched from an address); '' when the store shows its name instead.
 */
async function logoDataUrl(ctx: AppContext, storeId: string, settings: Settings): Promise<string> {
  const logo = [settings.logoText, settings.logoRegistration].find((l) => l.selected === 'src' && l.src);
  const key = logo && ownFileKey(ctx.config, logo.src);
  if (!key || !key.startsWith(`${storeId}/`)) return '';
  const file = await ctx.storage.get(key);
  if (!file || file.size > MAX_LOGO_BYTES) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  try {
    const png = await sharp(Buffer.concat(chunks)).resize({ height: 200, withoutEnlargement: true }).png().toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    return '';
  }
}

/**
 * A document as a PDF: the store's edited template (else the default) rendered with Liquid in the
 * same sandbox as the e-mails, with the shop's name and logo, then laid out by htmlToPdf. An edit
 * of the template shows in the next download.
 */
export async function renderDocumentPdf(ctx: AppContext, storeId: string, template: DocumentTemplate, vars: Record<string, unknown>, title: string): Promise<Buffer> {
  const [store, settings, override] = await Promise.all([getStore(ctx.db, storeId), readStoreSettings(ctx.db, storeId), findTemplateOverride(ctx.db, storeId, template)]);
  const source = override?.htmlBody || TEMPLATES[template].html;
  let html: string;
  try {
    html = await renderTemplate(source, { shop_name: store.shopName, store: storeId, logo: await logoDataUrl(ctx, storeId, settings), ...vars });
  } catch (error) {
    if (error instanceof TemplateError) throw new AppError('conflict', `The ${template} template could not be rendered: ${error.message}`);
    throw error;
  }
  // pdfkit and its fonts (about 20 MB) load with the first document, not with every server.
  const { htmlToPdf } = await import('./html-to-pdf.ts');
  return htmlToPdf(html, { title, author: store.shopName });
}

/** An address block of a document: the vendor's ship-from address (under the vendor's name when it has none). */
export async function sellerAddress(ctx: AppContext, storeId: string, vendorId: string, vendorName: string) {
  const address = (await readVendorSettings(ctx.db, storeId, vendorId)).shipFromAddress;
  const empty = { company: '', street1: '', street2: '', zip: '', city: '', state: '', country: '', email: '', phone: '' };
  return { ...empty, ...(address ?? {}), name: vendorName, province: '' };
}
