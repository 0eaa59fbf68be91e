import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AlertText } from '../../../components/alert-text.tsx';
import { Button } from '../../../components/button.tsx';
import { useUnsavedChangesPrompt } from '../../../components/unsaved-changes.tsx';
import { useMessageText } from './use-message-text.ts';
import { useSectionForm, type SectionFormOptions, type SectionSchema } from './use-section-form.ts';

interface SettingsSectionProps<S extends SectionSchema> extends SectionFormOptions<S> {
  /** The anchor of the section (#appearance) and the base of its heading's id. */
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}

/**
 * One concern of the settings page: its own small form and Save button. "Saved" shows until the
 * next edit; a failure says so beside the button, with the messages under their fields.
 */
export function SettingsSection<S extends SectionSchema>({ id, title, description, children, ...options }: SettingsSectionProps<S>) {
  const { t } = useTranslation('settings');
  const text = useMessageText();
  const { form, onSubmit, state } = useSectionForm(options);
  const { isDirty, isSubmitting } = form.formState;
  useUnsavedChangesPrompt(isDirty);
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-6 rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <header className="border-b border-gray-200 px-6 py-4">
            <h3 id={headingId} className="text-base font-semibold text-gray-900">
              {title}
            </h3>
            {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
          </header>
          <div className="space-y-5 px-6 py-5">{children}</div>
          <footer className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 rounded-b-lg border-t border-gray-200 bg-gray-50 px-6 py-3">
            {state.kind === 'saved' && !isDirty && (
              <p role="status" className="text-sm font-medium text-green-800">
                {t('form.saved')}
              </p>
            )}
            {state.kind === 'failed' && (
              <AlertText>{state.hasFieldErrors ? t('form.fixFields') : text(state.message)}</AlertText>
            )}
            <Button type="submit" loading={isSubmitting}>
              {t('form.save')}
            </Button>
          </footer>
        </form>
      </FormProvider>
    </section>
  );
}
