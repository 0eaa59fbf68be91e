import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHEET_TABS, SheetUrlBodySchema, type SheetRun, type SheetState, type SheetTab } from '#shared/schemas/sheets';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { ControlledField } from '#web/components/form/controlled-field.tsx';
import { FormCard } from '#web/components/form/form-card.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';
import { useSchemaForm } from '#web/components/form/settings-section.tsx';
import { TextInput } from '#web/components/form/text-input.tsx';
import { formatCount } from '#web/components/format-count.ts';
import { formatDateTime } from '#web/components/format-date.ts';
import { BusyLabel } from '#web/components/media/busy-label.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { downloadSheet, removeSheet, saveSheet, triggerSheet, useSheet } from './api/sheets.ts';
import { ConfirmButton } from './confirm-button.tsx';

const NS = 'sheets';

/** The last run: a progress bar while it is queued or running, then when it ended and what it wrote, or why it failed. */
function RunStatus({ run }: { run: SheetRun | null }) {
  const { t, i18n } = useTranslation(NS);
  const text = useMessageText(NS);
  if (!run) return <p className="text-sm text-gray-600">{t('run.never')}</p>;
  if (run.status === 'queued' || run.status === 'running') {
    return (
      <div className="flex min-w-64 flex-1 flex-wrap items-center gap-4">
        <BusyLabel label={t(`run.${run.status}`)} />
        <progress
          max={100}
          value={run.progress}
          aria-label={t('run.progressLabel')}
          className="h-2 min-w-40 flex-1 overflow-hidden rounded-full accent-indigo-600"
        />
        <span className="text-sm text-gray-600 tabular-nums">{t('run.percent', { percent: run.progress })}</span>
      </div>
    );
  }
  if (run.status === 'failed') return <AlertText>{t('run.failed', { error: text(run.error ?? '') })}</AlertText>;
  return (
    <p role="status" className="text-sm font-medium text-green-800">
      {t('run.done', {
        count: run.rows,
        rows: formatCount({ count: run.rows, capped: false }, i18n.language),
        at: formatDateTime(run.finishedAt ?? run.startedAt),
      })}
    </p>
  );
}

/** Write now, and the same data as CSV files. */
function SheetActions({ state }: { state: SheetState }) {
  const { t } = useTranslation(NS);
  const text = useMessageText(NS);
  const [busy, setBusy] = useState<'trigger' | SheetTab | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const running = state.run?.status === 'queued' || state.run?.status === 'running';
  const act = async (what: 'trigger' | SheetTab, run: () => Promise<unknown>) => {
    setBusy(what);
    setFailure(null);
    try {
      await run();
    } catch (error) {
      setFailure(text(errorMessage(error)));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="sheet-run-title" className="rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
      <header className="border-b border-gray-200 px-6 py-4">
        <h2 id="sheet-run-title" className="text-base font-semibold text-gray-900">
          {t('run.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t('run.intro')}</p>
      </header>
      <div className="space-y-4 px-6 py-5">
        <div aria-live="polite">
          <RunStatus run={state.run} />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button
            onClick={() => void act('trigger', triggerSheet)}
            loading={busy === 'trigger'}
            disabled={!state.url || !state.serviceAccount || running}
          >
            {t('run.trigger')}
          </Button>
          {SHEET_TABS.map((tab) => (
            <Button key={tab} variant="secondary" onClick={() => void act(tab, () => downloadSheet(tab))} loading={busy === tab}>
              {t(`download.${tab}`)}
            </Button>
          ))}
        </div>
        {!state.url && <p className="text-sm text-gray-600">{t('run.needsUrl')}</p>}
        <AlertText>{failure}</AlertText>
      </div>
    </section>
  );
}

/** The sheet's address: checked with the shared schema, saved, removed after a confirmation. */
function SheetUrlForm({ state }: { state: SheetState }) {
  const { t } = useTranslation(NS);
  const text = useMessageText(NS);
  const id = useId();
  const { form, submit } = useSchemaForm({
    schema: SheetUrlBodySchema,
    values: { url: state.url ?? '' },
    savedText: t('url.toast'),
    save: async (body) => ({ url: (await saveSheet(body)).url ?? '' }),
  });
  return (
    <FormCard
      form={form}
      submit={submit}
      titleId="sheet-url-title"
      title={t('url.title')}
      intro={
        <>
          <p className="mt-1 text-sm text-gray-600">{t('url.intro')}</p>
          {state.serviceAccount ? (
            <p className="mt-2 text-sm text-gray-900">
              {t('url.shareWith')} <code className="rounded bg-gray-100 px-1.5 py-0.5 text-xs break-all">{state.serviceAccount}</code>
            </p>
          ) : (
            <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('url.notConfigured')}</p>
          )}
          {state.serviceAccount && state.verificationToken && (
            <p className="mt-2 text-sm text-gray-900">
              {t('url.verify')}{' '}
              <code className="rounded bg-gray-100 px-1.5 py-0.5 text-xs break-all select-all">{state.verificationToken}</code>
            </p>
          )}
        </>
      }
      status={
        submit.state.kind === 'saved' &&
        !form.formState.isDirty && (
          <p role="status" className="text-sm font-medium text-green-800">
            {t('url.saved')}
          </p>
        )
      }
      actions={
        state.url && (
          <ConfirmButton
            label={t('url.remove')}
            title={t('url.removeTitle')}
            body={t('url.removeBody')}
            done={t('url.removed')}
            onConfirm={async () => {
              await removeSheet();
              form.reset({ url: '' });
            }}
          />
        )
      }
      saveLabel={t('url.save')}
    >
      <div className="px-6 py-5">
        <ControlledField
          control={form.control}
          name="url"
          id={`${id}-url`}
          label={t('url.label')}
          description={t('url.hint')}
          required
          errorText={text}
        >
          {(props) => (
            <TextInput {...props} type="url" inputMode="url" autoComplete="off" placeholder="https://docs.google.com/spreadsheets/d/…" />
          )}
        </ControlledField>
      </div>
    </FormCard>
  );
}

/**
 * Google Sheets (integrations/sheets): an admin's marketplace sheet gets every vendor's
 * orders, a vendor's own sheet its own; products go to a second tab.
 */
export function SheetsSection() {
  const { t } = useTranslation(NS);
  const text = useMessageText(NS);
  const sheet = useSheet();
  if (sheet.isLoading) return <LoadingBlock />;
  if (!sheet.data) return <AlertText>{text(errorMessage(sheet.error))}</AlertText>;
  return (
    <section aria-labelledby="sheets-title" className="space-y-4">
      <h2 id="sheets-title" className="text-lg font-semibold text-gray-900">
        {t('title')}
      </h2>
      <SheetUrlForm state={sheet.data} />
      <SheetActions state={sheet.data} />
    </section>
  );
}

/** /app/integrations/sheets until the integrations page holds the section. */
