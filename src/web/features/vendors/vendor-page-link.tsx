import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { linkButton } from '#web/components/media/file-input-style.ts';

/**
 * A vendor's "Page" action in the admin's vendors list: the vendor page screen with the review form
 * filled in with this vendor (there is no list of pages waiting for review).
 */
export function VendorPageLink({ vendor }: { vendor: string }) {
  const { t } = useTranslation('vendors');
  return (
    <Link
      to={{ pathname: '/vendor-page', search: `?${new URLSearchParams({ vendor })}` }}
      className={linkButton}
      aria-label={t('pageLink.label', { name: vendor })}
    >
      {t('pageLink.text')}
    </Link>
  );
}
