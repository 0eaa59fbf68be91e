import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Application } from '#shared/schemas/vendors';
import { useSettings } from '#web/api/get-settings.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { useVendorsList, type ApplicationFilter } from './api/list-vendors.ts';
import { ApplicationCard } from './application-card.tsx';
import { DecideApplicationDialog } from './decide-application-dialog.tsx';
import { ListState } from './list-state.tsx';

const FILTERS: ApplicationFilter[] = ['pending', 'approved', 'rejected', 'all'];

function filterOf(value: string | null): ApplicationFilter {
  return FILTERS.includes(value as ApplicationFilter) ? (value as ApplicationFilter) : 'pending';
}

/** /app/vendors/applications: the applications to decide (pending by default), or the decided ones. */
export function ApplicationsPage() {
  const { t } = useTranslation('vendors');
  const words = useWordingValues();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = filterOf(params.get('status'));
  const { data, error, isLoading } = useVendorsList({ q, applicationStatus: status });
  // The answers' types come from the registration form; without it the values speak for themselves.
  const { data: settings } = useSettings();
  const definitions = useMemo(() => new Map((settings?.settings.registration.fields ?? []).map((field) => [field.key, field])), [settings]);
  const [decision, setDecision] = useState<{ application: Application; status: 'approved' | 'rejected' } | null>(null);
  const applications = data?.applications ?? [];

  const choose = (filter: ApplicationFilter) => {
    const next = new URLSearchParams(params);
    if (filter === 'pending') next.delete('status');
    else next.set('status', filter);
    setParams(next, { replace: true });
  };

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-gray-900">{t('applications.filter')}</legend>
        <div className="mt-2 inline-flex flex-wrap rounded-md shadow-xs ring-1 ring-gray-300">
          {FILTERS.map((filter) => (
            <label
              key={filter}
              className="cursor-pointer px-3 py-1.5 text-sm font-medium text-gray-700 first:rounded-l-md last:rounded-r-md has-checked:bg-indigo-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600"
            >
              <input
                type="radio"
                name="application-status"
                value={filter}
                checked={status === filter}
                onChange={() => choose(filter)}
                className="sr-only"
              />
              {t(`applications.filters.${filter}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={applications.length === 0}
        empty={
          q ? t('applications.noMatch', { q }) : status === 'all' ? t('applications.empty') : t(`applications.emptyStatus.${status}`, words)
        }
      />
      {applications.length > 0 && (
        <ul className="space-y-4" aria-label={t('tabs.applications')}>
          {applications.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              definitions={definitions}
              onDecide={(decided) => setDecision({ application, status: decided })}
            />
          ))}
        </ul>
      )}
      {decision && (
        <DecideApplicationDialog application={decision.application} status={decision.status} onClose={() => setDecision(null)} />
      )}
    </div>
  );
}
