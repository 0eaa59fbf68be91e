import { useTranslation } from 'react-i18next';
import type { DocumentTemplate } from '#shared/schemas/documents';
import { useDocumentsInfo } from '#web/api/documents.ts';
import { DocumentButton } from '#web/components/document-button.tsx';
import type { OrderDetail } from '../api/order-detail.ts';
import { EditorSection } from '#web/components/editor-section.tsx';

const DOCUMENTS = [
  { document: 'invoice', template: 'doc-customer-invoice' },
  { document: 'slip', template: 'doc-packing-slip' },
] as const satisfies readonly { document: string; template: DocumentTemplate }[];

/**
 * The invoice and the packing slip of this part of the order, made by the server: PDF files, or
 * pages to print where the server has no Chromium. A document the marketplace turned off is not offered.
 */
export function DocumentsSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const { data: documents } = useDocumentsInfo();
  if (!documents) return null;
  const offered = DOCUMENTS.filter(({ template }) => documents.enabled[template]);
  const printPage = documents.format === 'html';
  return (
    <EditorSection title={t('detail.documents.title')}>
      {offered.length === 0 ? (
        <p className="text-sm text-gray-600">{t('detail.documents.off')}</p>
      ) : (
        <>
          <div className="flex flex-wrap gap-3">
            {offered.map(({ document }) => (
              <DocumentButton
                key={document}
                url={`/api/orders/${order.id}/documents/${document}`}
                fallbackName={`${document}.${printPage ? 'html' : 'pdf'}`}
                printPage={printPage}
                label={t(printPage ? `detail.documents.${document}Print` : `detail.documents.${document}`)}
              />
            ))}
          </div>
          {printPage && <p className="mt-2 text-sm text-gray-600">{t('detail.documents.printHint')}</p>}
        </>
      )}
    </EditorSection>
  );
}
