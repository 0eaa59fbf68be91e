import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VendorSummary } from '#shared/schemas/vendors';
import { Button } from '#web/components/button.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { VendorPageLink } from './vendor-page-link.tsx';

export type VendorAction = 'create-account' | 'rename' | 'delete';

/**
 * A vendor with its accounts. An account that never set its password is still at the invite; a
 * vendor without any account cannot sign in at all, so it stands out and offers to create one.
 */
export function VendorCard({ vendor, onAction }: { vendor: VendorSummary; onAction: (action: VendorAction) => void }) {
  const { t } = useTranslation('vendors');
  const words = useWordingValues();
  const hasAccount = vendor.accounts.length > 0;
  const headingId = `vendor-${vendor.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={`rounded-lg bg-white px-5 py-4 shadow-sm ring-1 ${hasAccount ? 'ring-gray-900/5' : 'bg-amber-50 ring-amber-300'}`}
      data-testid="vendor-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words text-gray-900">
            <Link
              to={`/vendors/${vendor.id}`}
              className="hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {vendor.name}
            </Link>
          </h3>
          {hasAccount ? (
            <ul className="mt-2 space-y-1 text-sm" aria-label={t('list.accounts')}>
              {vendor.accounts.map((account) => (
                <li key={account.email} className="flex flex-wrap items-center gap-2">
                  <span className="text-gray-700">{account.name ? `${account.name} <${account.email}>` : account.email}</span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${account.hasPassword ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'}`}
                  >
                    {account.hasPassword ? t('list.active') : t('list.inviteSent')}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm font-medium text-amber-800">{t('list.noAccount', words)}</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {!hasAccount && (
            <Button onClick={() => onAction('create-account')} aria-label={t('list.createAccountFor', { name: vendor.name })}>
              {t('list.createAccount')}
            </Button>
          )}
          <VendorPageLink vendor={vendor.name} />
          <Button variant="secondary" onClick={() => onAction('rename')} aria-label={t('list.renameVendor', { name: vendor.name })}>
            {t('list.rename')}
          </Button>
          <Button variant="secondary" onClick={() => onAction('delete')} aria-label={t('list.deleteVendor', { name: vendor.name })}>
            {t('list.delete')}
          </Button>
        </div>
      </div>
    </li>
  );
}
