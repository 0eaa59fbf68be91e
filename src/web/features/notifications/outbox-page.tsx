import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OutboxEmail } from '#shared/schemas/notifications';
import { AlertText } from '#web/components/alert-text.tsx';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { DialogActions, DialogFrame } from '#web/components/dialog-frame.tsx';
import { useOutbox } from './api/notifications.ts';
import { useTemplateText } from './template-text.ts';
import { formatDateTime } from '#web/components/format-date.ts';

/**
 * What became of a mail: handed to the SMTP server (or Brevo), failed, or only kept here because
 * no SMTP server is configured; a mail kept here reached no one, so it must not read "Sent".
 */
const outcomeOf = (mail: OutboxEmail) =>
  mail.error || mail.transport === 'failed' ? 'failed' : mail.transport === 'outbox' ? 'kept' : 'sent';
const OUTCOME_STYLE = {
  sent: 'bg-green-50 text-green-800',
  kept: 'bg-amber-50 text-amber-800',
  failed: 'bg-red-50 text-red-700',
} as const;

/** /app/notifications/outbox: the sent, kept and failed mails, newest first; one opens to be read (sandboxed, nothing runs). */
export function OutboxPage() {
  const { t, i18n } = useTranslation('notifications');
  const { titleOf } = useTemplateText();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isLoading, mutate } = useOutbox(page);
  const [open, setOpen] = useState<OutboxEmail | null>(null);
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  if (isLoading) return <LoadingBlock />;
  if (error || !data) return <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} />;
  return (
    <div className="space-y-4">
      {data.emails.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 px-6 py-8 text-center text-sm text-gray-600">{t('outbox.empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
          {data.emails.map((mail) => (
            <li key={mail.id} className="flex flex-wrap items-center justify-between gap-3 px-6 py-3">
              <div className="min-w-0">
                <button
                  type="button"
                  onClick={() => setOpen(mail)}
                  className="text-left text-sm font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {mail.subject || t('outbox.noSubject')}
                </button>
                <p className="text-xs text-gray-600">
                  {t('outbox.to', { to: mail.to })} · <span>{titleOf(mail.template)}</span> · {date(mail.createdAt)}
                </p>
                {mail.error && <AlertText className="text-xs">{mail.error}</AlertText>}
                {outcomeOf(mail) === 'kept' && <p className="text-xs text-amber-800">{t('outbox.keptWhy')}</p>}
              </div>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${OUTCOME_STYLE[outcomeOf(mail)]}`}>
                {t(`outbox.${outcomeOf(mail)}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {data.pageCount > 1 && (
        <nav aria-label={t('outbox.pages')} className="flex items-center justify-between">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setParams({ page: String(page - 1) })}>
            {t('outbox.previous')}
          </Button>
          <span className="text-sm text-gray-600">{t('outbox.pageOf', { page, count: data.pageCount })}</span>
          <Button variant="secondary" disabled={page >= data.pageCount} onClick={() => setParams({ page: String(page + 1) })}>
            {t('outbox.next')}
          </Button>
        </nav>
      )}
      <DialogFrame open={open !== null} onClose={() => setOpen(null)} title={open?.subject || t('outbox.noSubject')}>
        {open && (
          <>
            <p className="text-xs text-gray-600">
              {t('outbox.from', { from: open.from })} · {t('outbox.to', { to: open.to })} · {date(open.createdAt)}
            </p>
            {open.error && <AlertText className="mt-2">{open.error}</AlertText>}
            <iframe
              title={t('outbox.mailFrame')}
              sandbox=""
              srcDoc={open.html || `<pre>${open.text.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</pre>`}
              className="mt-3 h-96 w-full rounded-md ring-1 ring-gray-200"
            />
          </>
        )}
        <DialogActions>
          <Button variant="secondary" onClick={() => setOpen(null)}>
            {t('outbox.close')}
          </Button>
        </DialogActions>
      </DialogFrame>
    </div>
  );
}
