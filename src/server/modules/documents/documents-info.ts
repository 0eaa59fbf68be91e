import type { DocumentsInfo } from '#shared/schemas/documents';
import type { AppContext } from '#server/context';
import { readNotificationSettings } from '../notifications/index.ts';

/** GET documents: PDF or HTML to print, and the documents whose template is enabled. */
export async function readDocumentsInfo(ctx: AppContext, storeId: string): Promise<DocumentsInfo> {
  const { templates } = await readNotificationSettings(ctx.db, storeId);
  return {
    format: ctx.pdf.available ? 'pdf' : 'html',
    enabled: {
      'doc-customer-invoice': templates['doc-customer-invoice'].enabled,
      'doc-packing-slip': templates['doc-packing-slip'].enabled,
      'doc-vendor-invoice': templates['doc-vendor-invoice'].enabled,
    },
  };
}
