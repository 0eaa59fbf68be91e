import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TemplateDetail } from '#shared/schemas/notifications';
import { AlertText } from '#web/components/alert-text.tsx';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { controlClass } from '#web/components/form/input-style.ts';
import { useMessageText } from '#web/components/form/message-text.ts';
import { useDebouncedValue } from '#web/components/use-debounced-value.ts';
import { previewTemplate, saveTemplate, sendTestEmail, useTemplate } from './api/notifications.ts';
import { toastSaved } from '#web/components/toast.tsx';
import { useUnsavedChangesPrompt } from '#web/components/unsaved-changes.tsx';
import { useTemplateText } from './template-text.ts';

type Status = { kind: 'idle' } | { kind: 'ok'; text: string } | { kind: 'failed'; text: string };

/** How long the typing must pause before the preview asks the server again. */
const PREVIEW_DELAY_MS = 400;

/**
 * The mail as the sample variables render it, asked for once each time the typing pauses; the
 * iframe runs nothing (sandbox=""). The debounced values are the two strings themselves: a value
 * that is a new object on every render would never settle and would ask the server forever, and an
 * invalid template that has not changed is not asked about again.
 */
function LivePreview({ template, htmlBody, subject }: { template: string; htmlBody: string; subject: string }) {
  const { t } = useTranslation('notifications');
  const settledBody = useDebouncedValue(htmlBody, PREVIEW_DELAY_MS);
  const settledSubject = useDebouncedValue(subject, PREVIEW_DELAY_MS);
  const [rendered, setRendered] = useState<{ subject: string; html: string } | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    let current = true;
    previewTemplate({ template, htmlBody: settledBody, subject: settledSubject, params: {} }).then(
      (answer) => {
        if (!current) return;
        setRendered(answer);
        setFailure('');
      },
      (error: unknown) => current && setFailure(errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, [template, settledBody, settledSubject]);
  return (
    <section aria-labelledby="preview-title" className="flex min-h-96 flex-col rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
      <header className="border-b border-gray-200 px-4 py-3">
        <h3 id="preview-title" className="text-sm font-semibold text-gray-900">
          {t('editor.preview')}
        </h3>
        <p className="mt-1 text-sm text-gray-700">
          <span className="text-gray-500">{t('editor.subject')}: </span>
          {rendered?.subject}
        </p>
        <AlertText className="mt-1">{failure}</AlertText>
      </header>
      <iframe title={t('editor.previewFrame')} sandbox="" srcDoc={rendered?.html ?? ''} className="min-h-96 w-full grow rounded-b-lg" />
    </section>
  );
}

function Editor({ detail }: { detail: TemplateDetail }) {
  const { t } = useTranslation('notifications');
  const { titleOf, descriptionOf } = useTemplateText();
  const text = useMessageText();
  const ids = useId();
  const [htmlBody, setHtmlBody] = useState(detail.htmlBody);
  const [subject, setSubject] = useState(detail.subject);
  const [stored, setStored] = useState({ htmlBody: detail.htmlBody, subject: detail.subject });
  useUnsavedChangesPrompt(htmlBody !== stored.htmlBody || subject !== stored.subject);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [saving, setSaving] = useState<'' | 'save' | 'reset'>('');
  const [email, setEmail] = useState('');
  const [testStatus, setTestStatus] = useState<Status>({ kind: 'idle' });
  const [sending, setSending] = useState(false);

  const save = async (reset: boolean) => {
    setSaving(reset ? 'reset' : 'save');
    setStatus({ kind: 'idle' });
    try {
      const saved = await saveTemplate(detail.name, reset ? { htmlBody: '', subject: '' } : { htmlBody, subject });
      setHtmlBody(saved.htmlBody);
      setSubject(saved.subject);
      setStored({ htmlBody: saved.htmlBody, subject: saved.subject });
      setStatus({ kind: 'ok', text: reset ? t('editor.wasReset') : t('editor.saved') });
      toastSaved(reset ? t('editor.toastReset') : t('editor.toastSaved'));
    } catch (error) {
      setStatus({ kind: 'failed', text: text(errorMessage(error)) });
    } finally {
      setSaving('');
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };
  const sendTest = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setTestStatus({ kind: 'idle' });
    try {
      await sendTestEmail({ template: detail.name, email, params: {} });
      setTestStatus({ kind: 'ok', text: t('editor.testSent', { email }) });
    } catch (error) {
      setTestStatus({ kind: 'failed', text: text(errorMessage(error)) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="space-y-6">
      <div>
        <Link to="/notifications" className="text-sm text-indigo-700 hover:underline">
          ← {t('editor.back')}
        </Link>
        <h2 className="mt-2 text-lg font-semibold text-gray-900">{titleOf(detail.name)}</h2>
        <p className="text-sm text-gray-600">{descriptionOf(detail.name, detail.description)}</p>
        <p className="font-mono text-xs text-gray-500">{detail.name}</p>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5">
          <div>
            <label htmlFor={`${ids}-subject`} className="block text-sm font-medium text-gray-900">
              {t('editor.subject')}
            </label>
            <input
              id={`${ids}-subject`}
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              className={`${controlClass} mt-1.5 font-mono`}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-html`} className="block text-sm font-medium text-gray-900">
              {t('editor.html')}
            </label>
            <textarea
              id={`${ids}-html`}
              value={htmlBody}
              onChange={(e) => setHtmlBody(e.target.value)}
              rows={22}
              spellCheck={false}
              className={`${controlClass} mt-1.5 font-mono text-xs`}
            />
          </div>
          <div className="flex flex-wrap items-center justify-end gap-3">
            {status.kind === 'ok' && (
              <p role="status" className="text-sm font-medium text-green-800">
                {status.text}
              </p>
            )}
            {status.kind === 'failed' && <AlertText className="whitespace-pre-wrap">{status.text}</AlertText>}
            <Button variant="secondary" loading={saving === 'reset'} disabled={!!saving} onClick={() => void save(true)}>
              {t('editor.reset')}
            </Button>
            <Button type="submit" loading={saving === 'save'} disabled={!!saving}>
              {t('editor.save')}
            </Button>
          </div>
        </form>
        <LivePreview template={detail.name} htmlBody={htmlBody} subject={subject} />
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <section aria-labelledby={`${ids}-vars`} className="rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5">
          <h3 id={`${ids}-vars`} className="text-sm font-semibold text-gray-900">
            {t('editor.variables')}
          </h3>
          {Object.keys(detail.variables).length === 0 ? (
            <p className="mt-2 text-sm text-gray-600">{t('editor.noVariables')}</p>
          ) : (
            <dl className="mt-2 space-y-2 text-sm wrap-anywhere">
              {Object.entries(detail.variables).map(([name, variable]) => (
                <div key={name}>
                  <dt className="font-mono text-indigo-800">{`{{ ${name} }}`}</dt>
                  <dd className="text-gray-600">
                    {variable.description}
                    <span className="ml-1 text-xs text-gray-500">
                      ({t('editor.sample')}: <code>{JSON.stringify(variable.sample)}</code>)
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>
        <form
          onSubmit={(e) => void sendTest(e)}
          noValidate
          className="self-start rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5"
        >
          <label htmlFor={`${ids}-email`} className="block text-sm font-semibold text-gray-900">
            {t('editor.testEmail')}
          </label>
          <p className="text-xs text-gray-500">{t('editor.testEmailHint')}</p>
          <div className="mt-2 flex gap-2">
            <input
              id={`${ids}-email`}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className={controlClass}
            />
            <Button type="submit" variant="secondary" loading={sending} disabled={!email.trim()}>
              {t('editor.sendTest')}
            </Button>
          </div>
          {testStatus.kind === 'ok' && (
            <p role="status" className="mt-2 text-sm font-medium text-green-800">
              {testStatus.text}
            </p>
          )}
          {testStatus.kind === 'failed' && <AlertText className="mt-2">{testStatus.text}</AlertText>}
        </form>
      </div>
    </div>
  );
}

/** /app/notifications/templates/:template: subject and HTML (Liquid) with a live preview, reset, save and a test e-mail. */
export function TemplateEditorPage() {
  const { template = '' } = useParams();
  const { data, error, isLoading, mutate } = useTemplate(template);
  if (isLoading) return <LoadingBlock />;
  if (error || !data) return <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} />;
  return <Editor key={data.name} detail={data} />;
}
