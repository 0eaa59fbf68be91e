import { useTranslation } from 'react-i18next';
import type { RegistrationField } from '#shared/schemas/registration';
import type { Application } from '#shared/schemas/vendors';
import { Button } from '#web/components/button.tsx';
import { answerOf } from './answer-kind.ts';
import { ApplicationAnswer } from './application-answer.tsx';
import { formatDateTime } from '#web/components/format-date.ts';

const STATUS_STYLE = {
  pending: 'bg-amber-100 text-amber-800',
  approved: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
} as const;

interface ApplicationCardProps {
  application: Application;
  /** The registration form's fields by key, for each answer's type. */
  definitions: ReadonlyMap<string, RegistrationField>;
  onDecide: (status: 'approved' | 'rejected') => void;
}

/** An application: who applied, every answer under its field's name, and the decision or the buttons to make it. */
export function ApplicationCard({ application, definitions, onDecide }: ApplicationCardProps) {
  const { t } = useTranslation('vendors');
  const headingId = `application-${application.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5" data-testid="application-card">
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-gray-100 px-5 py-4">
        <div>
          <h3 id={headingId} className="font-semibold text-gray-900">
            {application.vendorName}
          </h3>
          <p className="text-sm text-gray-600">
            <a href={`mailto:${application.email}`} className="hover:text-indigo-600">
              {application.email}
            </a>
            {' · '}
            {t('applications.submitted', { date: formatDateTime(application.createdAt) })}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_STYLE[application.status]}`}>
          {t(`applications.status.${application.status}`)}
        </span>
      </div>
      {application.fields.length > 0 ? (
        <dl className="divide-y divide-gray-100 px-5">
          {application.fields.map((field) => (
            <div key={field.key} className="grid gap-1 py-3 text-sm sm:grid-cols-3 sm:gap-4">
              <dt className="font-medium text-gray-900">{field.name || definitions.get(field.key)?.name || field.key}</dt>
              <dd className="text-gray-700 sm:col-span-2">
                <ApplicationAnswer answer={answerOf(field.value, definitions.get(field.key)?.type)} />
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="px-5 py-3 text-sm text-gray-600">{t('applications.noAnswers')}</p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3 rounded-b-lg border-t border-gray-100 bg-gray-50 px-5 py-3">
        {application.status === 'pending' ? (
          <>
            <Button
              variant="secondary"
              onClick={() => onDecide('rejected')}
              aria-label={t('applications.rejectLabel', { name: application.vendorName })}
            >
              {t('applications.reject')}
            </Button>
            <Button onClick={() => onDecide('approved')} aria-label={t('applications.approveLabel', { name: application.vendorName })}>
              {t('applications.approve')}
            </Button>
          </>
        ) : (
          <p className="text-sm text-gray-600" data-testid="decision">
            {t(application.status === 'approved' ? 'applications.approvedBy' : 'applications.rejectedBy', {
              by: application.decidedBy ?? t('applications.someone'),
              date: application.decidedAt ? formatDateTime(application.decidedAt) : '-',
            })}
          </p>
        )}
      </div>
    </li>
  );
}
