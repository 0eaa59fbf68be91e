import { useState } from 'react';
import { downloadFile } from '#web/api/download-file.ts';
import { Button } from './button.tsx';
import { errorMessage } from './error-message.ts';
import { saveBlob } from './save-blob.ts';

/**
 * A document of ours (an invoice, a packing slip): a PDF is saved as a file; a page to print (a
 * server without Chromium) opens in a new tab, where its own Print button prints it. The tab is
 * opened at the click, before the download, so the browser does not take it for a pop-up.
 */
export function DocumentButton({
  url,
  fallbackName,
  printPage,
  label,
  description,
}: {
  url: string;
  fallbackName: string;
  printPage: boolean;
  label: string;
  description?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const open = async () => {
    const tab = printPage ? window.open('', '_blank') : null;
    setBusy(true);
    setFailure(null);
    try {
      const { blob, filename } = await downloadFile(url, fallbackName);
      if (tab && blob.type.startsWith('text/html')) {
        const href = URL.createObjectURL(blob);
        tab.location.href = href;
        setTimeout(() => URL.revokeObjectURL(href), 60_000);
      } else {
        tab?.close();
        saveBlob(blob, filename);
      }
    } catch (error) {
      tab?.close();
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button variant="secondary" loading={busy} aria-label={description} onClick={() => void open()}>
        {label}
      </Button>
      {failure ? (
        <span role="alert" className="text-xs text-red-700">
          {errorMessage(failure)}
        </span>
      ) : null}
    </span>
  );
}
