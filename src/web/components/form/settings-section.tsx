import { useContext, useRef, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AlertText } from '../alert-text.tsx';
import { Button } from '../button.tsx';
import { useUnsavedChangesPrompt } from '../unsaved-changes.tsx';
import { useMessageText } from './message-text.ts';
import { SaveBarContext, useSaveBar } from './save-bar.tsx';
import { useFormSave } from './use-form-save.ts';

/** A section's schema: a shared one whose form values are the body of the section's call. */
export type SectionSchema = z.ZodType<FieldValues, FieldValues>;

export interface SectionFormOptions<S extends SectionSchema> {
  schema: S;
  values: z.input<S>;
  /** Sends the checked values; answers what the server stored, which the form shows from then on. */
  save: (values: z.output<S>) => Promise<z.input<S> | void>;
  /** A 409 names no field; its message is shown under this one (a taken name, a known e-mail). */
  conflictField?: Path<z.input<S>>;
  /** The toast of a stored save, naming what was saved ("Delivery zone saved"). */
  savedText: string;
  /** No toast of its own (a save bar tells the outcome of all its forms at once). */
  quiet?: boolean;
}

/**
 * A form checked with its shared schema and saved with the kit's one save. The form's values have
 * the shape of the call's body, so the paths of a 400's `errors` ('colors.indigo600',
 * 'shipFromAddress.state') are the form's field names and land under their fields.
 */
export function useSchemaForm<S extends SectionSchema>({ schema, values, save, conflictField, savedText, quiet }: SectionFormOptions<S>) {
  const { t } = useTranslation('common');
  const text = useMessageText();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues: values as DefaultValues<z.input<S>>,
  });
  const submit = useFormSave(form, {
    // The form then shows what the server stored, or else the checked values (trimmed, upper-cased codes), not the typed ones.
    save: async (checked) => (await save(checked)) ?? checked,
    onSaved: (shown) => form.reset(shown as z.input<S>),
    savedText,
    fixFields: t('form.fixFields'),
    messageText: text,
    conflictField,
    quiet,
  });
  return { form, submit };
}

interface SettingsSectionProps<S extends SectionSchema> extends Omit<SectionFormOptions<S>, 'savedText'> {
  /** The anchor of the section (#appearance) and the base of its heading's id. */
  id: string;
  title: string;
  description?: string;
  /** The button's word when it does more than store ("Change password"). */
  saveLabel?: string;
  /** Shown beside the button once saved, instead of "Saved". */
  savedNote?: ReactNode;
  children: ReactNode;
}

/**
 * One concern of a settings page: its own small form. On a page with a save bar the bar saves it
 * with the page's other sections; elsewhere it has its own Save button. "Saved" shows until the
 * next edit; a failure says so at the bottom of the section, with the messages under their fields.
 */
export function SettingsSection<S extends SectionSchema>({
  id,
  title,
  description,
  saveLabel,
  savedNote,
  children,
  ...options
}: SettingsSectionProps<S>) {
  const { t } = useTranslation('common');
  const stored = useRef(false);
  const { form, submit } = useSchemaForm({
    ...options,
    savedText: t('toast.sectionSaved', { section: title }),
    save: async (values) => {
      const answer = await options.save(values);
      stored.current = true;
      return answer;
    },
    quiet: useContext(SaveBarContext) !== null,
  });
  const { isDirty, isSubmitting } = form.formState;
  useUnsavedChangesPrompt(isDirty);
  const onBar = useSaveBar(
    id,
    {
      title,
      submit: async () => {
        stored.current = false;
        await submit.onSubmit();
        return stored.current;
      },
      discard: () => {
        form.reset();
        submit.setState({ kind: 'idle' });
      },
    },
    isDirty,
  );
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-6 rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
      <FormProvider {...form}>
        <form onSubmit={submit.onSubmit} noValidate>
          <header className="border-b border-gray-200 px-6 py-4">
            <h3 id={headingId} className="text-base font-semibold text-gray-900">
              {title}
            </h3>
            {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
          </header>
          <div className="space-y-5 px-6 py-5">{children}</div>
          {onBar ? (
            submit.failure && (
              <footer className="rounded-b-lg border-t border-gray-200 bg-gray-50 px-6 py-3">
                <AlertText>{submit.failure}</AlertText>
              </footer>
            )
          ) : (
            <footer className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 rounded-b-lg border-t border-gray-200 bg-gray-50 px-6 py-3">
              {submit.state.kind === 'saved' && !isDirty && (
                <p role="status" className="text-sm font-medium text-green-800">
                  {savedNote ?? t('form.saved')}
                </p>
              )}
              <AlertText>{submit.failure}</AlertText>
              <Button type="submit" loading={isSubmitting}>
                {saveLabel ?? t('form.save')}
              </Button>
            </footer>
          )}
        </form>
      </FormProvider>
    </section>
  );
}
