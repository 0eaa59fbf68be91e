import { useTranslation } from 'react-i18next';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { formatDateTime } from '#web/components/format-date.ts';
import type { VendorPage } from './api/vendor-page.ts';

const BADGE: Record<VendorPage['status'], string> = {
  draft: 'bg-gray-100 text-gray-800 ring-gray-300',
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  approved: 'bg-green-50 text-green-800 ring-green-300',
};

/** Where the page stands (Draft, Pending review, Published) and when it was last saved. */
export function PageStatus({ page }: { page: VendorPage }) {
  const { t, i18n } = useTranslation('vendor-page');
  const words = useWordingValues();
  return (
    <section
      aria-labelledby="vendor-page-status-title"
      className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg bg-white px-6 py-4 shadow-sm ring-1 ring-gray-900/5"
    >
      <h2 id="vendor-page-status-title" className="text-sm font-medium text-gray-600">
        {t('status.label')}
      </h2>
      <p
        data-testid="vendor-page-status"
        className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${BADGE[page.status]}`}
      >
        {t(`status.${page.status}`)}
      </p>
      <p className="text-sm text-gray-600">{t(`status.${page.status}Hint`, words)}</p>
      <p className="text-sm text-gray-600 sm:ml-auto" data-testid="vendor-page-saved-at">
        {page.updatedAt ? (
          <>
            {t('status.savedAt')} <time dateTime={page.updatedAt}>{formatDateTime(page.updatedAt, i18n.language)}</time>
          </>
        ) : (
          t('status.neverSaved')
        )}
      </p>
    </section>
  );
}
