import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentsInfo } from '#web/api/documents.ts';
import { DocumentButton } from '#web/components/document-button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { controlClass } from '#web/components/form/input-style.ts';
import { VendorFilter } from '#web/components/list-filters.tsx';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useSession } from '#web/session/use-session.ts';
import { AnnualReportCard } from './annual-report-card.tsx';
import { statementFileUrl, useStatement } from './api/statements.ts';
import { FinanceTabs } from './finance-tabs.tsx';
import { ReserveForm } from './reserve-form.tsx';
import { StatementView } from './statement-view.tsx';

/** The month before the reader's current one (YYYY-MM): the last whole month, what a statement is usually asked for. */
function lastMonth(now = new Date()) {
  const at = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}`;
}
const thisMonth = (now = new Date()) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;

/**
 * /app/finance/statements: a vendor's monthly statement (its own; an admin picks the vendor in the
 * marketplace view) with its PDF and CSV, and for admins the yearly seller report and the reserves.
 */
export function StatementsPage() {
  const { t } = useTranslation('finance');
  usePageTitle(t('statements.title'));
  const user = useSession();
  const isAdmin = !!user?.admin;
  const withVendor = isAdmin && !!user?.marketplaceView;
  const [params, setParams] = useSearchParams();
  const month = params.get('month') || lastMonth();
  const vendor = params.get('vendor') ?? '';
  const requestedVendor = withVendor ? vendor : undefined;
  const ready = !withVendor || !!vendor;
  const { data, error, isLoading, mutate } = useStatement(month, requestedVendor || undefined, ready);
  const { data: documents } = useDocumentsInfo();
  const printPage = documents?.format === 'html';
  const change = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
      <FinanceTabs />
      <section aria-labelledby="statement-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="flex flex-wrap items-end gap-4">
            <h2 id="statement-title" className="sr-only">
              {t('statements.title')}
            </h2>
            <div>
              <label htmlFor="statement-month" className="block text-sm font-medium text-gray-900">
                {t('statements.month')}
              </label>
              <input
                id="statement-month"
                type="month"
                value={month}
                max={thisMonth()}
                onChange={(event) => event.target.value && change({ month: event.target.value })}
                className={`mt-1.5 ${controlClass}`}
              />
            </div>
            {withVendor && (
              <VendorFilter
                id="statement-vendor"
                label={t('filters.vendor')}
                allLabel={t('statements.chooseVendor')}
                value={vendor}
                onChange={(name) => change({ vendor: name })}
              />
            )}
          </div>
          {data && data.sections.length > 0 && (
            <div className="flex gap-2">
              <DocumentButton
                url={statementFileUrl(month, 'pdf', requestedVendor)}
                fallbackName={printPage ? 'statement.html' : 'statement.pdf'}
                printPage={printPage}
                label={t('statements.pdf')}
                description={t('statements.pdfLabel', { month })}
              />
              <DocumentButton
                url={statementFileUrl(month, 'csv', requestedVendor)}
                fallbackName="statement.csv"
                printPage={false}
                label={t('statements.csv')}
                description={t('statements.csvLabel', { month })}
              />
            </div>
          )}
        </div>

        {!ready ? (
          <p className="text-sm text-gray-600">{t('statements.pickVendor')}</p>
        ) : isLoading && !data ? (
          <LoadingBlock />
        ) : error && !data ? (
          <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} boxed />
        ) : data && data.sections.length === 0 ? (
          <div className="rounded-lg bg-white px-6 py-12 text-center shadow-xs ring-1 ring-gray-900/5" data-testid="statement-empty">
            <p className="text-base font-semibold text-gray-900">{t('statements.empty')}</p>
            <p className="mt-1 text-sm text-gray-600">{t('statements.emptyHint')}</p>
          </div>
        ) : data ? (
          <>
            <p className="text-sm text-gray-600">
              {t('statements.period', { vendor: data.vendor, from: data.from, to: data.to, timeZone: data.timeZone })}
            </p>
            <StatementView statement={data} />
          </>
        ) : null}
      </section>

      {isAdmin && <AnnualReportCard followId={params.get('export')} onDismiss={() => change({ export: '' })} />}
      {isAdmin && <ReserveForm />}
    </div>
  );
}
