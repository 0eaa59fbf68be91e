import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { useSchemaForm, type SectionFormOptions, type SectionSchema } from '#web/components/form/settings-section.tsx';
import { DialogActions, DialogFrame } from '#web/components/dialog-frame.tsx';

interface FormDialogProps<S extends SectionSchema> extends SectionFormOptions<S> {
  title: string;
  submitLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A small form in a dialog, checked with its shared schema; server messages land under their
 * fields (a 409 under `conflictField`). Mount it when it opens, so every opening starts afresh.
 */
export function FormDialog<S extends SectionSchema>({ title, submitLabel, onClose, children, ...options }: FormDialogProps<S>) {
  const { t } = useTranslation('vendors');
  const { form, submit } = useSchemaForm(options);
  const { isSubmitting } = form.formState;
  const close = () => {
    if (!isSubmitting) onClose();
  };
  return (
    <DialogFrame open onClose={close} title={title}>
      <FormProvider {...form}>
        <form onSubmit={submit.onSubmit} noValidate className="space-y-4">
          {children}
          {submit.state.kind === 'failed' && !submit.state.hasFieldErrors && <AlertText>{submit.failure}</AlertText>}
          <DialogActions>
            <Button variant="secondary" onClick={close} disabled={isSubmitting}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {submitLabel}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </DialogFrame>
  );
}
