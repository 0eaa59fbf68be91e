import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '#web/api/download-file.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { saveBlob } from '#web/components/save-blob.ts';
import type { OrderDetail } from '../api/order-detail.ts';
import { EditorSection } from '#web/components/editor-section.tsx';

const DOCUMENTS = ['invoice', 'slip'] as const;
type OrderDocument = (typeof DOCUMENTS)[number];

/** The invoice and the packing slip of this part of the order, as PDFs made by the server. */
export function DocumentsSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const [busy, setBusy] = useState<OrderDocument | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const download = async (document: OrderDocument) => {
    setBusy(document);
    setFailure(null);
    try {
      const { blob, filename } = await downloadFile(`/api/orders/${order.id}/documents/${document}`, `${document}.pdf`);
      saveBlob(blob, filename);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <EditorSection title={t('detail.documents.title')}>
      <div className="flex flex-wrap gap-3">
        {DOCUMENTS.map((document) => (
          <Button key={document} variant="secondary" loading={busy === document} disabled={busy !== null} onClick={() => void download(document)}>
            {t(`detail.documents.${document}`)}
          </Button>
        ))}
      </div>
      {failure ? <AlertText>{errorMessage(failure)}</AlertText> : null}
    </EditorSection>
  );
}
