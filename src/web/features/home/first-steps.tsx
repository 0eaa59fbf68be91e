import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FirstStep } from '#shared/schemas/first-steps';
import { textLinkClass } from '#web/components/link-styles.ts';
import { useFirstSteps } from './api/first-steps.ts';

/** Where each step is done. Mail is the server's SMTP_URL, so its link leads to where mail waits meanwhile. */
const WHERE: Record<FirstStep, string> = {
  currency: '/settings/page#currency',
  delivery: '/delivery',
  payments: '/payments',
  mail: '/notifications/outbox',
  registration: '/settings/page#registration',
  vendor: '/vendors/applications',
};

/**
 * A new marketplace's checklist on the admin's home screen. Each step ticks itself from what the
 * server finds stored; once every step is done the list leaves the screen.
 */
export function FirstSteps({ words }: { words: Record<string, string> }) {
  const { t } = useTranslation('home');
  const { data } = useFirstSteps(true);
  if (!data || data.steps.every((s) => s.done)) return null;
  const done = data.steps.filter((s) => s.done).length;
  return (
    <section aria-labelledby="first-steps-title" className="rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5">
      <h2 id="first-steps-title" className="text-lg font-semibold text-gray-900">
        {t('firstSteps.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('firstSteps.progress', { done, total: data.steps.length })}</p>
      <ol className="mt-4 space-y-3">
        {data.steps.map(({ step, done: isDone }) => (
          <li key={step} className="flex items-start gap-3 text-sm" data-testid={`first-step-${step}`} data-done={isDone}>
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                isDone ? 'bg-green-600 text-white' : 'ring-2 ring-gray-300'
              }`}
            >
              {isDone ? '✓' : ''}
            </span>
            <div className="min-w-0">
              <p className={isDone ? 'text-gray-500' : 'font-medium text-gray-900'}>
                <span className="sr-only">{isDone ? t('firstSteps.done') : t('firstSteps.toDo')} </span>
                {t(`firstSteps.steps.${step}.title`, words)}
              </p>
              {!isDone && (
                <p className="text-gray-600">
                  {t(`firstSteps.steps.${step}.how`, words)}{' '}
                  <Link to={WHERE[step]} className={textLinkClass}>
                    {t(`firstSteps.steps.${step}.link`, words)}
                  </Link>
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
