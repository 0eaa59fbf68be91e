import { useTranslation } from 'react-i18next';
import type { VendorOverview } from '#shared/schemas/vendors';
import { formatDate } from '#web/components/format-date.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { answerOf } from '../answer-kind.ts';
import { ApplicationAnswer } from '../application-answer.tsx';
import { VendorSection } from './vendor-section.tsx';

const row = 'grid gap-1 py-2 sm:grid-cols-3 sm:gap-4';

/** Who the vendor is: since when, who signs in for it, and what it answered when it applied. */
export function VendorProfileSection({ overview }: { overview: VendorOverview }) {
  const { t } = useTranslation('vendors');
  const words = useWordingValues();
  const { vendor, application } = overview;
  return (
    <VendorSection title={t('detail.profile.title')}>
      <dl className="divide-y divide-gray-100">
        <div className={row}>
          <dt className="font-medium text-gray-900">{t('detail.profile.since', words)}</dt>
          <dd className="sm:col-span-2">{formatDate(vendor.createdAt)}</dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-gray-900">{t('list.accounts')}</dt>
          <dd className="sm:col-span-2">
            {vendor.accounts.length === 0 ? (
              <span className="font-medium text-amber-800">{t('list.noAccount', words)}</span>
            ) : (
              <ul className="space-y-1">
                {vendor.accounts.map((account) => (
                  <li key={account.email} className="break-words">
                    {account.name ? `${account.name} <${account.email}>` : account.email}
                    {' · '}
                    {account.hasPassword ? t('list.active') : t('list.inviteSent')}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        {application && (
          <div className={row}>
            <dt className="font-medium text-gray-900">{t('detail.profile.applied')}</dt>
            <dd className="sm:col-span-2">
              {t('detail.profile.appliedOn', { date: formatDate(application.createdAt), email: application.email })}
            </dd>
          </div>
        )}
        {application?.fields.map((field) => (
          <div key={field.key} className={row}>
            <dt className="font-medium text-gray-900">{field.name || field.key}</dt>
            <dd className="sm:col-span-2">
              <ApplicationAnswer answer={answerOf(field.value)} />
            </dd>
          </div>
        ))}
      </dl>
    </VendorSection>
  );
}
