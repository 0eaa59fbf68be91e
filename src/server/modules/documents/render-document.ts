import sharp from 'sharp';
import { DOCUMENT_OFF_MESSAGES, type DocumentTemplate } from '#shared/schemas/documents';
import type { Settings } from '#shared/schemas/settings';
import type { AppContext } from '#server/context';
import { ownFileKey } from '../images/index.ts';
import {
  documentHtml,
  type DocumentLanguage,
  findTemplateOverride,
  readNotificationSettings,
  renderTemplate,
  TemplateError,
} from '../notifications/index.ts';
import { readStoreSettings, readVendorSettings } from '../settings/index.ts';
import { AppError } from '#server/http/errors';
import { getStore } from '../stores/index.ts';
import { documentTitle } from './document-language.ts';
import { documentPage } from './document-page.ts';

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

/** A document as answered: a PDF, or where the server has no Chromium, an HTML page to print from the browser. */
export interface RenderedDocument {
  body: Buffer;
  contentType: 'application/pdf' | 'text/html; charset=utf-8';
  /** The file name, with the extension of its type. */
  filename: string;
}

/** 409 when the marketplace turned the document's template off: it is then not offered at all. */
export async function requireDocumentEnabled(ctx: AppContext, storeId: string, template: DocumentTemplate) {
  if (!(await readNotificationSettings(ctx.db, storeId)).templates[template].enabled)
    throw new AppError('conflict', DOCUMENT_OFF_MESSAGES[template]);
}

/**
 * A document, while its template is enabled: the store's edited template (else the default in the
 * document's language) rendered with Liquid in the same sandbox as the e-mails, with the shop's name
 * and logo, then printed by Chromium, so the PDF is what the editor's preview shows. An edit of the
 * template shows in the next download; a store writes its edit in the languages it sells in, so the
 * edit serves every language (the amounts and days in `vars` are already written in the document's).
 */
export async function renderDocument(
  ctx: AppContext,
  storeId: string,
  template: DocumentTemplate,
  document: { language: DocumentLanguage; filename: string; vars: Record<string, unknown> },
): Promise<RenderedDocument> {
  await requireDocumentEnabled(ctx, storeId, template);
  const [store, settings, override] = await Promise.all([
    getStore(ctx.db, storeId),
    readStoreSettings(ctx.db, storeId),
    findTemplateOverride(ctx.db, storeId, template),
  ]);
  const source = override?.htmlBody || documentHtml(template, document.language);
  let html: string;
  try {
    html = await renderTemplate(source, {
      shop_name: store.shopName,
      store: storeId,
      logo: await logoDataUrl(ctx, storeId, settings),
      ...document.vars,
    });
  } catch (error) {
    if (error instanceof TemplateError) throw new AppError('conflict', `The ${template} template could not be rendered: ${error.message}`);
    throw error;
  }
  return printDocument(ctx, html, { ...document, title: documentTitle(template, document.language, document.vars) });
}

/**
 * HTML the server wrote itself (not an admin's template) printed the same way: a PDF through
 * Chromium, or where the server has none, the page to print from the browser.
 */
export async function printDocument(
  ctx: AppContext,
  html: string,
  document: { title: string; filename: string; language?: string },
): Promise<RenderedDocument> {
  if (!ctx.pdf.available) {
    return {
      body: Buffer.from(documentPage(html, document, true)),
      contentType: 'text/html; charset=utf-8',
      filename: `${document.filename}.html`,
    };
  }
  return {
    body: await ctx.pdf.render(documentPage(html, document, false)),
    contentType: 'application/pdf',
    filename: `${document.filename}.pdf`,
  };
}

/** An address block of a document: the vendor's ship-from address (under the vendor's name when it has none). */
export async function sellerAddress(ctx: AppContext, storeId: string, vendorId: string, vendorName: string) {
  const address = (await readVendorSettings(ctx.db, storeId, vendorId)).shipFromAddress;
  const empty = { company: '', street1: '', street2: '', zip: '', city: '', state: '', country: '', email: '', phone: '' };
  return { ...empty, ...(address ?? {}), name: vendorName, province: '' };
}
