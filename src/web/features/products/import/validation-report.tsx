import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { CsvImport } from './api/csv-import.ts';
import { ProblemTable } from './problem-table.tsx';

const FORMATS = ['marketplace', 'platform-classic', 'platform-current'] as const;

interface ValidationReportProps {
  result: CsvImport;
  isConfirming: boolean;
  confirmError: string;
  onConfirm: () => void;
}

/** What the file holds and what is wrong with it; nothing is written until the import is confirmed. */
export function ValidationReport({ result, isConfirming, confirmError, onConfirm }: ValidationReportProps) {
  const { t, i18n } = useTranslation('products');
  const words = useWordingValues();
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const format = FORMATS.find((f) => f === result.format);
  const unlisted = result.errorCount - result.errors.length;
  return (
    <section aria-labelledby="validation-title" className="space-y-5 rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5">
      <h2 id="validation-title" className="text-base font-semibold text-gray-900">
        {t('import.validation.title')}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-4">
        <div>
          <dt className="text-xs font-medium text-gray-600">{t('import.validation.format')}</dt>
          <dd className="mt-1 text-sm font-semibold text-gray-900" data-testid="csv-format">
            {format ? t(`import.format.${format}`) : (result.format ?? '—')}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-gray-600">{t('import.validation.rows')}</dt>
          <dd className="mt-1 text-sm font-semibold text-gray-900 tabular-nums">{number(result.rowCount)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-gray-600">{t('import.validation.products', words)}</dt>
          <dd className="mt-1 text-sm font-semibold text-gray-900 tabular-nums" data-testid="product-count">
            {number(result.productCount)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-gray-600">{t('import.validation.problems')}</dt>
          <dd className={`mt-1 text-sm font-semibold tabular-nums ${result.errorCount ? 'text-red-700' : 'text-gray-900'}`}>
            {number(result.errorCount)}
          </dd>
        </div>
      </dl>

      {result.errorCount > 0 && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-gray-900">{t('import.validation.problemsTitle', { count: result.errorCount })}</h3>
          <p className="text-sm text-gray-600">{t('import.validation.problemsHelp', words)}</p>
          <ProblemTable problems={result.errors} caption={t('import.validation.problemsTitle', { count: result.errorCount })} />
          {unlisted > 0 && (
            <p className="text-sm text-gray-600">{t('import.validation.more', { count: unlisted, listed: result.errors.length })}</p>
          )}
        </div>
      )}

      {result.warnings.length > 0 && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-gray-900">{t('import.validation.warningsTitle', { count: result.warnings.length })}</h3>
          <ProblemTable problems={result.warnings} caption={t('import.validation.warningsTitle', { count: result.warnings.length })} />
        </div>
      )}

      <div className="flex flex-wrap items-center gap-4 border-t border-gray-200 pt-4">
        <Button onClick={onConfirm} loading={isConfirming} disabled={result.productCount === 0}>
          {t('import.confirm', { ...words, count: result.productCount })}
        </Button>
        <p className="text-sm text-gray-600">
          {result.productCount === 0 ? t('import.validation.nothing', words) : t('import.validation.notYet', words)}
        </p>
      </div>
      <AlertText>{confirmError}</AlertText>
    </section>
  );
}
