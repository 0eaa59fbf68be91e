import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useSession } from '#web/session/use-session.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { useVendorPage } from './api/vendor-page.ts';
import { pageFieldOf } from './page-fields.ts';
import { PageReviewForm } from './page-review-form.tsx';
import { PageStatus } from './page-status.tsx';
import { MarketplaceSettingsPanel } from './marketplace-settings-form.tsx';
import { VendorPageForm } from './vendor-page-form.tsx';

const note = 'rounded-md px-4 py-3 text-sm ring-1';

/**
 * /app/vendor-page: a vendor (or an admin acting as one) edits its page and sees where it stands.
 * An admin over the whole marketplace opens a vendor's page by name (?vendor=, the "Page" button of
 * the vendors screens): that vendor's page, to edit and review; without a name they are asked to pick one.
 */
export function VendorPageScreen() {
  const { t } = useTranslation('vendor-page');
  const words = useWordingValues();
  const user = useSession();
  const [params] = useSearchParams();
  const named = user?.admin && user.marketplaceView ? (params.get('vendor') ?? '').trim() : '';
  const title = named ? t('titleOf', { ...words, name: named }) : t('title', words);
  usePageTitle(title);
  const { data, error, isLoading, mutate } = useVendorPage(named);
  const definitions = data?.definitions;
  const fields = useMemo(() => (definitions ?? []).map(pageFieldOf), [definitions]);
  const isAdmin = !!user?.admin;
  const page = data?.page ?? null;
  // Acting as a vendor, the admin works on that vendor; over the marketplace, on the one named.
  const reviewed = named || (page ? (user?.vendor ?? '') : '');

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight break-words text-gray-900">{title}</h1>
      {isLoading && <LoadingBlock />}
      {error && !data && <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} />}
      {data && !data.enabled && (
        <div className={`${note} bg-amber-50 text-amber-900 ring-amber-200`} data-testid="vendor-page-off">
          <p className="font-semibold">{t('off.title', words)}</p>
          {/* Only an admin gets here while pages are off: a vendor's menu and address do not lead here then. */}
          <p className="mt-1">{t('off.admin', words)}</p>
          <Link
            to="/settings/page#vendor-page"
            className="mt-2 inline-block font-medium text-indigo-700 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {t('off.settingsLink')}
          </Link>
        </div>
      )}
      {data && page === null && (
        <p className={`${note} bg-indigo-50 text-indigo-900 ring-indigo-200`} data-testid="vendor-page-switch">
          {t('switchToVendor', words)}
        </p>
      )}
      {data && data.enabled && page && (
        <>
          <PageStatus page={page} />
          <VendorPageForm
            key={named}
            vendor={named}
            fields={fields}
            sections={data.sections}
            page={page}
            onSaved={(stored) => void mutate((current) => (current ? { ...current, page: stored } : current), { revalidate: false })}
          />
        </>
      )}
      {data && isAdmin && reviewed && <MarketplaceSettingsPanel vendor={reviewed} />}
      {data && isAdmin && (
        // Acting as a vendor, the review is about that vendor; over the marketplace, about the one named.
        <PageReviewForm key={reviewed} initialVendor={reviewed} onDone={() => void mutate()} />
      )}
    </div>
  );
}
