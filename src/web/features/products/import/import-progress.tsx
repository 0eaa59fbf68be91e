import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { BusyLabel } from '#web/components/media/busy-label.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { primaryLinkClass } from '#web/components/link-styles.ts';
import type { CsvImport } from './api/csv-import.ts';
import { ProblemTable } from './problem-table.tsx';

interface ImportProgressProps {
  job: CsvImport;
  pollError: unknown;
  onAnother: () => void;
}

/** The running import (products done of the products to import), then what it created, updated, left unchanged and could not import. */
export function ImportProgress({ job, pollError, onAnother }: ImportProgressProps) {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  const isDone = job.status === 'done' || job.status === 'failed';
  const total = Math.max(job.productCount, 1);
  const done = Math.min(job.progress, job.productCount);
  return (
    <section aria-labelledby="progress-title" className="space-y-5 rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5">
      <h2 id="progress-title" className="text-base font-semibold text-gray-900">
        {isDone ? t('import.result.title') : t('import.progress.title', words)}
      </h2>
      <div className="space-y-2">
        <progress
          max={total}
          value={isDone ? total : done}
          aria-label={t('import.progress.label')}
          aria-valuetext={t('import.progress.count', { ...words, done, count: job.productCount })}
          className="h-2 w-full overflow-hidden rounded-full accent-indigo-600"
        />
        {isDone ? null : <BusyLabel label={t('import.progress.count', { ...words, done, count: job.productCount })} />}
      </div>
      {pollError ? <AlertText>{errorMessage(pollError)}</AlertText> : null}
      {isDone && (
        <>
          {job.status === 'failed' && <AlertText>{t('import.result.stopped')}</AlertText>}
          <dl className="grid gap-4 sm:grid-cols-4" data-testid="import-result">
            <div>
              <dt className="text-xs font-medium text-gray-600">{t('import.result.created')}</dt>
              <dd className="mt-1 text-2xl font-semibold text-green-800 tabular-nums" data-testid="created-count">
                {job.created}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-gray-600">{t('import.result.updated')}</dt>
              <dd className="mt-1 text-2xl font-semibold text-gray-900 tabular-nums" data-testid="updated-count">
                {job.updated}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-gray-600">{t('import.result.unchanged')}</dt>
              <dd className="mt-1 text-2xl font-semibold text-gray-900 tabular-nums" data-testid="unchanged-count">
                {job.unchanged}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-gray-600">{t('import.result.failed')}</dt>
              <dd
                className={`mt-1 text-2xl font-semibold tabular-nums ${job.failedCount ? 'text-red-700' : 'text-gray-900'}`}
                data-testid="failed-count"
              >
                {job.failedCount}
              </dd>
            </div>
          </dl>
          {job.failed.length > 0 && <ProblemTable problems={job.failed} caption={t('import.result.failedRows')} />}
          <div className="flex flex-wrap gap-3">
            <Link to="/products" className={primaryLinkClass}>
              {t('import.result.toList', words)}
            </Link>
            <Button variant="secondary" onClick={onAnother}>
              {t('import.result.another')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
