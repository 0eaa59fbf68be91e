import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { AlertText } from '../alert-text.tsx';
import { Button } from '../button.tsx';
import type { FormSubmit } from './use-form-save.ts';
import { useUnsavedChangesPrompt } from '../unsaved-changes.tsx';

interface FormCardProps<V extends FieldValues, T> {
  form: UseFormReturn<V, unknown, T>;
  submit: FormSubmit;
  /** The heading's id: it names the card for screen readers. */
  titleId: string;
  title: ReactNode;
  /** Notes under the title. */
  intro?: ReactNode;
  /** Shown before the failure, when a save went well. */
  status?: ReactNode;
  /** Buttons before Save. */
  actions?: ReactNode;
  saveLabel: string;
  /** The fields, in the wrapper that lays them out. */
  children: ReactNode;
}

/** A form in a white card: its title in a header, its fields, and a footer with the save's outcome that ends with Save. */
export function FormCard<V extends FieldValues, T>({
  form,
  submit,
  titleId,
  title,
  intro,
  status,
  actions,
  saveLabel,
  children,
}: FormCardProps<V, T>) {
  useUnsavedChangesPrompt(form.formState.isDirty);
  return (
    <section aria-labelledby={titleId} className="rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
      <FormProvider {...form}>
        <form onSubmit={submit.onSubmit} noValidate>
          <header className="border-b border-gray-200 px-6 py-4">
            <h2 id={titleId} className="text-base font-semibold text-gray-900">
              {title}
            </h2>
            {intro}
          </header>
          {children}
          <footer className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 rounded-b-lg border-t border-gray-200 bg-gray-50 px-6 py-3">
            {status}
            <AlertText>{submit.failure}</AlertText>
            {actions}
            <Button type="submit" loading={form.formState.isSubmitting}>
              {saveLabel}
            </Button>
          </footer>
        </form>
      </FormProvider>
    </section>
  );
}
