import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { VendorPageActionSchema } from '#shared/schemas/vendor-page';
import { HttpError } from '#web/api/http-error.ts';
import { useVendorNames } from '#web/api/vendor-names.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { FieldShell, describedBy } from '#web/components/form/field-shell.tsx';
import { inputClass } from '#web/components/form/input-style.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { applyVendorPageAction, type VendorPageAction } from './api/vendor-page.ts';
import { useMessageText } from '#web/components/form/message-text.ts';

type Outcome = { kind: 'idle' } | { kind: 'done'; action: VendorPageAction; vendor: string } | { kind: 'failed'; message: string };

/**
 * The admin's review of a vendor's page (PUT vendors/v2/action): there is no list of pages waiting,
 * so the admin names the vendor (suggestions from the vendors list) and publishes the page or takes
 * it back to draft. Enter publishes, as the first button.
 */
export function PageReviewForm({ initialVendor = '', onDone }: { initialVendor?: string; onDone?: () => void }) {
  const { t } = useTranslation('vendor-page');
  const words = useWordingValues();
  const message = useMessageText('vendor-page');
  const id = useId();
  const inputId = `${id}-vendor`;
  const names = useVendorNames(true);
  const [vendor, setVendor] = useState(initialVendor);
  const [vendorError, setVendorError] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [busy, setBusy] = useState<VendorPageAction | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const action: VendorPageAction = submitter?.value === 'unapprove' ? 'unapprove' : 'approve';
    setOutcome({ kind: 'idle' });
    setVendorError('');
    const checked = VendorPageActionSchema.safeParse({ action, vendor });
    if (!checked.success) {
      setVendorError(message(checked.error.issues[0]?.message));
      document.getElementById(inputId)?.focus();
      return;
    }
    setBusy(action);
    try {
      await applyVendorPageAction(action, checked.data.vendor);
      setOutcome({ kind: 'done', action, vendor: checked.data.vendor });
      onDone?.();
    } catch (error) {
      const underField = error instanceof HttpError ? (error.fieldErrors.vendor ?? (error.status === 404 ? error.message : '')) : '';
      if (underField) {
        setVendorError(message(underField));
        document.getElementById(inputId)?.focus();
      } else setOutcome({ kind: 'failed', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5">
      <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
        {t('review.title', words)}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('review.description', words)}</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <div className="max-w-md">
          <FieldShell id={inputId} label={t('review.vendor', words)} required error={vendorError}>
            <input
              id={inputId}
              name="vendor"
              list={`${id}-names`}
              autoComplete="off"
              value={vendor}
              onChange={(event) => setVendor(event.target.value)}
              aria-invalid={vendorError ? true : undefined}
              aria-describedby={describedBy(inputId, undefined, vendorError)}
              className={inputClass(Boolean(vendorError))}
            />
            <datalist id={`${id}-names`}>
              {names.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </FieldShell>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" value="approve" loading={busy === 'approve'} disabled={busy !== null}>
            {t('review.approve')}
          </Button>
          <Button type="submit" value="unapprove" variant="secondary" loading={busy === 'unapprove'} disabled={busy !== null}>
            {t('review.unapprove')}
          </Button>
          {outcome.kind === 'done' && (
            <p role="status" className="text-sm font-medium text-green-800">
              {t(outcome.action === 'approve' ? 'review.approved' : 'review.unapproved', { name: outcome.vendor })}
            </p>
          )}
          {outcome.kind === 'failed' && <AlertText>{message(outcome.message)}</AlertText>}
        </div>
      </form>
    </section>
  );
}
