import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogSync } from '#shared/schemas/integrations';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { formatDateTime } from '#web/components/format-date.ts';
import { startSync } from './api/integrations.ts';
import { useMessageText } from '#web/components/form/message-text.ts';

/** POST integrations/prestashop/sync: the import of the shop's products, its progress while it runs and the last result. */
export function CatalogSyncCard({ lastSync }: { lastSync: CatalogSync | null }) {
  const { t } = useTranslation('integrations');
  const text = useMessageText('integrations');
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState('');
  const running = lastSync?.status === 'running';
  const start = async () => {
    setStarting(true);
    setFailure('');
    try {
      await startSync();
    } catch (error) {
      setFailure(text(errorMessage(error)));
    } finally {
      setStarting(false);
    }
  };
  const percent = lastSync && lastSync.total > 0 ? Math.min(100, Math.round((lastSync.progress / lastSync.total) * 100)) : 0;
  return (
    <section aria-labelledby="sync-title" className="rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
      <header className="border-b border-gray-200 px-6 py-4">
        <h2 id="sync-title" className="text-base font-semibold text-gray-900">
          {t('sync.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t('sync.intro')}</p>
      </header>
      <div className="space-y-3 px-6 py-5" aria-live="polite">
        {!lastSync && <p className="text-sm text-gray-600">{t('sync.never')}</p>}
        {running && (
          <>
            <p className="text-sm text-gray-900">{t('sync.running', { progress: lastSync.progress, total: lastSync.total || '…' })}</p>
            <div
              role="progressbar"
              aria-label={t('sync.title')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
            >
              <div className="h-full bg-indigo-600 transition-all" style={{ width: `${percent}%` }} />
            </div>
          </>
        )}
        {lastSync && !running && (
          <div className="text-sm text-gray-900">
            <p>
              {lastSync.status === 'done'
                ? t('sync.done', { date: formatDateTime(lastSync.updatedAt) })
                : t('sync.failed', { date: formatDateTime(lastSync.updatedAt) })}
            </p>
            {lastSync.error && <AlertText>{text(lastSync.error)}</AlertText>}
            <p className="mt-1 text-gray-600">
              {t('sync.result', {
                created: lastSync.created,
                updated: lastSync.updated,
                unchanged: lastSync.unchanged,
                failed: lastSync.failed.length,
              })}
            </p>
            {lastSync.failed.length > 0 && (
              <ul className="mt-2 list-disc space-y-1 pl-5 text-gray-600">
                {lastSync.failed.map((problem) => (
                  <li key={problem.externalId}>{t('sync.problem', { id: problem.externalId, message: text(problem.message) })}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      <footer className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 rounded-b-lg border-t border-gray-200 bg-gray-50 px-6 py-3">
        <AlertText>{failure}</AlertText>
        <Button onClick={start} loading={starting} disabled={running}>
          {running ? t('sync.busy') : t('sync.start')}
        </Button>
      </footer>
    </section>
  );
}
