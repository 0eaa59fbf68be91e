import { useTranslation } from 'react-i18next';
import { useDocumentsInfo } from '#web/api/documents.ts';
import { DocumentButton } from '#web/components/document-button.tsx';

/** The commission invoice of a payout (GET payouts/{id}/invoice); not offered while the marketplace has it turned off. */
export function PayoutInvoiceButton({ payoutId, description }: { payoutId: string; description: string }) {
  const { t } = useTranslation('finance');
  const { data: documents } = useDocumentsInfo();
  if (!documents?.enabled['doc-vendor-invoice']) return null;
  const printPage = documents.format === 'html';
  return (
    <DocumentButton
      url={`/api/payouts/${payoutId}/invoice`}
      fallbackName={printPage ? 'commission-invoice.html' : 'commission-invoice.pdf'}
      printPage={printPage}
      label={t('invoice.button')}
      description={description}
    />
  );
}
