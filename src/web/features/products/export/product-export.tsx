import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '../../../components/alert-text.tsx';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../components/error-message.ts';
import { BusyLabel } from '../../../components/media/busy-label.tsx';
import { useWordingValues } from '../../settings/use-wording-values.ts';
import type { ProductListQuery } from '../api/list-products.ts';
import { saveBlob } from './save-blob.ts';
import { downloadProductExport, startProductExport, useProductExport } from './api/export-products.ts';

/**
 * The export of the list: started by the header's button, followed in a panel below it. `followId`
 * opens an export started earlier (the export-ready e-mail links to /app/products?export=<id>).
 */
export function useExportFlow(followId: string | null = null, onDismiss?: () => void) {
  const [exportId, setExportId] = useState<string | null>(followId);
  const [isStarting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const poll = useProductExport(exportId);
  const status = poll.data;
  const isRunning = !!exportId && (!status || status.status === 'pending' || status.status === 'running') && !poll.error;

  /** POST products/export with the list's filters (not its page: the whole filtered list is exported). */
  const start = async (query: ProductListQuery) => {
    const { after: _after, before: _before, first: _first, ...filters } = query;
    setStarting(true);
    setStartError(null);
    setExportId(null);
    try {
      const { exportId: id } = await startProductExport(filters);
      setExportId(id);
    } catch (error) {
      setStartError(error);
    } finally {
      setStarting(false);
    }
  };
  const dismiss = () => {
    setExportId(null);
    setStartError(null);
    onDismiss?.();
  };
  return { start, dismiss, isBusy: isStarting || isRunning, isVisible: !!exportId || !!startError, status, error: startError ?? poll.error };
}

export type ExportFlow = ReturnType<typeof useExportFlow>;

export function ExportButton({ flow, query }: { flow: ExportFlow; query: ProductListQuery }) {
  const { t } = useTranslation('products');
  return (
    <Button variant="secondary" onClick={() => void flow.start(query)} loading={flow.isBusy}>
      {t('export.button')}
    </Button>
  );
}

/** The export's progress (polled every second), then its download link, or why it failed. */
export function ExportPanel({ flow }: { flow: ExportFlow }) {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  const [isDownloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  if (!flow.isVisible) return null;
  const { status } = flow;

  const download = async (event: MouseEvent<HTMLAnchorElement>, url: string) => {
    event.preventDefault();
    setDownloading(true);
    setDownloadError(null);
    try {
      const { blob, filename } = await downloadProductExport(url);
      saveBlob(blob, filename);
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-label={t('export.label')} className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-gray-900/5">
      {flow.error ? (
        <AlertText>{errorMessage(flow.error)}</AlertText>
      ) : status?.status === 'done' && status.url ? (
        <>
          <p role="status" className="text-sm font-medium text-green-800">
            {t('export.ready', { ...words, count: status.rows })}
          </p>
          <a
            href={status.url}
            download
            onClick={(event) => void download(event, status.url!)}
            aria-busy={isDownloading || undefined}
            className="text-sm font-semibold text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {isDownloading ? t('export.downloading') : t('export.download')}
          </a>
          <AlertText>{downloadError ? errorMessage(downloadError) : null}</AlertText>
        </>
      ) : status?.status === 'failed' ? (
        <AlertText>{status.error || t('export.failed')}</AlertText>
      ) : (
        <div className="flex min-w-64 flex-1 flex-wrap items-center gap-4">
          <BusyLabel label={t('export.running')} />
          <progress
            max={100}
            value={status?.progress ?? 0}
            aria-label={t('export.progressLabel')}
            className="h-2 min-w-40 flex-1 overflow-hidden rounded-full accent-indigo-600"
          />
          <span className="text-sm text-gray-600 tabular-nums">
            {status?.total != null ? t('export.rowsOf', { ...words, rows: status.rows, total: status.total }) : t('export.rows', { ...words, count: status?.rows ?? 0 })}
          </span>
        </div>
      )}
      <Button variant="secondary" className="ml-auto" onClick={flow.dismiss}>
        {t('export.close')}
      </Button>
    </section>
  );
}
