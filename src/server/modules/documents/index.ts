import type { ServerModule } from '#server/server-module';
import { registerDocumentRoutes } from './routes.ts';

/** The documents module: document rendering. */
export const documentsModule: ServerModule = { register: registerDocumentRoutes };

export { documentFormat, languageOfCountry } from './document-language.ts';
export { escapeHtml, PRINT_SCRIPT_HASH } from './document-page.ts';
export { printDocument, renderDocument, type RenderedDocument, requireDocumentEnabled, sellerAddress } from './render-document.ts';
export { sendDocument } from './send-document.ts';
