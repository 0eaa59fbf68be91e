import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '#web/api/download-file.ts';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { saveBlob } from '#web/components/save-blob.ts';

/** The commission invoice of a payout (GET payouts/{id}/invoice), fetched with the session and saved as a PDF. */
export function PayoutInvoiceButton({ payoutId, description }: { payoutId: string; description: string }) {
  const { t } = useTranslation('finance');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { blob, filename } = await downloadFile(`/api/payouts/${payoutId}/invoice`, 'commission-invoice.pdf');
      saveBlob(blob, filename);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button variant="secondary" loading={busy} aria-label={description} onClick={() => void download()}>
        {t('invoice.button')}
      </Button>
      {failure ? (
        <span role="alert" className="text-xs text-red-700">
          {errorMessage(failure)}
        </span>
      ) : null}
    </span>
  );
}
