import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '../alert-text.tsx';
import { Button } from '../button.tsx';
import { errorMessage } from '../error-message.ts';
import { BusyLabel } from '../media/busy-label.tsx';
import { downloadFile } from '#web/api/download-file.ts';
import { useExportStatus, type ExportKind } from './api/export-status.ts';
import { saveBlob } from '../save-blob.ts';

export interface ExportFlowOptions<Query> {
  kind: ExportKind;
  /** The list's own POST {kind}/export: it decides which of the list's query is exported. */
  start: (query: Query) => Promise<{ exportId: string }>;
  /** An export started earlier: the export-ready e-mail links to /app/{kind}?export=<id>. */
  followId?: string | null;
  onDismiss?: () => void;
}

/** The export of a list: started by the header's button, followed in a panel below it. */
export function useExportFlow<Query>({ kind, start: startExport, followId = null, onDismiss }: ExportFlowOptions<Query>) {
  const [exportId, setExportId] = useState<string | null>(followId);
  const [isStarting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const poll = useExportStatus(kind, exportId);
  const status = poll.data;
  const isRunning = !!exportId && (!status || status.status === 'pending' || status.status === 'running') && !poll.error;

  const start = async (query: Query) => {
    setStarting(true);
    setStartError(null);
    setExportId(null);
    try {
      const { exportId: id } = await startExport(query);
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
  return {
    kind,
    start,
    dismiss,
    isBusy: isStarting || isRunning,
    isVisible: !!exportId || !!startError,
    status,
    error: startError ?? poll.error,
  };
}

export type ExportFlow<Query> = ReturnType<typeof useExportFlow<Query>>;

/** What the list holds, as the caller words it ({ item: 'product', items: 'products' }). */
export interface ExportWords {
  item: string;
  items: string;
}

export function ExportButton<Query>({ flow, query }: { flow: ExportFlow<Query>; query: Query }) {
  const { t } = useTranslation('exports');
  return (
    <Button variant="secondary" onClick={() => void flow.start(query)} loading={flow.isBusy}>
      {t('button')}
    </Button>
  );
}

/** The export's progress (polled every second), then its download link, or why it failed. */
export function ExportPanel<Query>({ flow, words }: { flow: ExportFlow<Query>; words: ExportWords }) {
  const { t } = useTranslation('exports');
  const [isDownloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  if (!flow.isVisible) return null;
  const { status } = flow;

  const download = async (event: MouseEvent<HTMLAnchorElement>, url: string) => {
    event.preventDefault();
    setDownloading(true);
    setDownloadError(null);
    try {
      const { blob, filename } = await downloadFile(url, `${flow.kind}.csv`);
      saveBlob(blob, filename);
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section
      aria-label={t('label')}
      className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-gray-900/5"
    >
      {flow.error ? (
        <AlertText>{errorMessage(flow.error)}</AlertText>
      ) : status?.status === 'done' && status.url ? (
        <>
          <p role="status" className="text-sm font-medium text-green-800">
            {t('ready', { ...words, count: status.rows })}
          </p>
          <a
            href={status.url}
            download
            onClick={(event) => void download(event, status.url!)}
            aria-busy={isDownloading || undefined}
            className="text-sm font-semibold text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {isDownloading ? t('downloading') : t('download')}
          </a>
          <AlertText>{downloadError ? errorMessage(downloadError) : null}</AlertText>
        </>
      ) : status?.status === 'failed' ? (
        <AlertText>{status.error || t('failed')}</AlertText>
      ) : (
        <div className="flex min-w-64 flex-1 flex-wrap items-center gap-4">
          <BusyLabel label={t('running')} />
          <progress
            max={100}
            value={status?.progress ?? 0}
            aria-label={t('progressLabel')}
            className="h-2 min-w-40 flex-1 overflow-hidden rounded-full accent-indigo-600"
          />
          <span className="text-sm text-gray-600 tabular-nums">
            {status?.total != null
              ? t('rowsOf', { ...words, rows: status.rows, total: status.total })
              : t('rows', { ...words, count: status?.rows ?? 0 })}
          </span>
        </div>
      )}
      <Button variant="secondary" className="ml-auto" onClick={flow.dismiss}>
        {t('close')}
      </Button>
    </section>
  );
}
