import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpError } from '#web/api/http-error.ts';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { ControlledField } from '#web/components/form/controlled-field.tsx';
import { RichTextInput } from '#web/components/form/rich-text-input.tsx';
import { BusyLabel } from '#web/components/media/busy-label.tsx';
import { saveVendorPage, type VendorPage } from './api/vendor-page.ts';
import { PageFieldInput } from './page-field-input.tsx';
import {
  formErrorsOf,
  groupFields,
  initialValues,
  shownFields,
  toPageInput,
  type FieldGroup,
  type PageField,
  type PageFormValues,
} from './page-fields.ts';
import { PageImageInput } from './page-image-input.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';
import { toastSaved } from '#web/components/toast.tsx';
import { useUnsavedChangesPrompt } from '#web/components/unsaved-changes.tsx';

type SaveState = { kind: 'idle' } | { kind: 'saved' } | { kind: 'failed'; message: string };

interface VendorPageFormProps {
  fields: PageField[];
  sections: { name: string; keys: string[] }[];
  page: VendorPage;
  /** The stored page, once the server took it. */
  onSaved: (page: VendorPage) => void;
  /** An admin over the marketplace edits the page of the vendor it names; otherwise the caller's own. */
  vendor?: string;
}

/**
 * The vendor's page: description, image, and the store's fields grouped by its sections. Required
 * answers are the server's call (one rule, honouring show/showWhen): its "Required" lands under the
 * field and its message at the top.
 */
export function VendorPageForm({ fields, sections, page, onSaved, vendor }: VendorPageFormProps) {
  const { t } = useTranslation('vendor-page');
  const message = useMessageText('vendor-page');
  const groups = useMemo(() => groupFields(fields, sections), [fields, sections]);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isDirty, isSubmitting },
  } = useForm<PageFormValues>({ defaultValues: initialValues(fields, page) });
  useUnsavedChangesPrompt(isDirty);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [uploadsInFlight, setUploadsInFlight] = useState(0);
  const onBusyChange = (busy: boolean) => setUploadsInFlight((count) => Math.max(0, count + (busy ? 1 : -1)));
  const failure = useRef<HTMLDivElement>(null);

  const save = async (values: PageFormValues) => {
    setState({ kind: 'idle' });
    const input = toPageInput(fields, values);
    try {
      const stored = await saveVendorPage(input, vendor);
      reset(initialValues(fields, stored));
      onSaved(stored);
      setState({ kind: 'saved' });
      toastSaved(t('form.toast'));
    } catch (error) {
      const fieldErrors = error instanceof HttpError ? formErrorsOf(error.fieldErrors, fields, input) : [];
      fieldErrors.forEach(([path, text], index) =>
        setError(path, { type: 'server', message: message(text) }, { shouldFocus: index === 0 }),
      );
      setState({ kind: 'failed', message: errorMessage(error) });
      // Nothing to focus under a field: take the reader to the message instead.
      if (fieldErrors.length === 0) requestAnimationFrame(() => failure.current?.focus());
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} className="space-y-6" aria-labelledby="vendor-page-form-title">
      <h2 id="vendor-page-form-title" className="sr-only">
        {t('form.title')}
      </h2>
      {state.kind === 'failed' && (
        <div
          ref={failure}
          tabIndex={-1}
          role="alert"
          className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200 focus:outline-2 focus:outline-red-600"
        >
          {message(state.message)}
        </div>
      )}
      <p className="text-sm text-gray-600">{t('form.requiredHint')}</p>

      <section aria-labelledby="vendor-page-about" className="space-y-5 rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5">
        <h3 id="vendor-page-about" className="text-base font-semibold text-gray-900">
          {t('form.about')}
        </h3>
        <ControlledField control={control} name="description" id="vendor-page-description" label={t('form.description')} required={false}>
          {(props) => <RichTextInput {...props} />}
        </ControlledField>
        <ControlledField
          control={control}
          name="imageUrl"
          id="vendor-page-image"
          label={t('form.image')}
          required={false}
          description={t('form.imageHint')}
          group
        >
          {(props) => <PageImageInput {...props} onBusyChange={onBusyChange} />}
        </ControlledField>
      </section>

      <FieldGroups groups={groups} fields={fields} control={control} onBusyChange={onBusyChange} />

      <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
        {uploadsInFlight > 0 && <BusyLabel label={t('form.waitForUploads')} />}
        {state.kind === 'saved' && !isDirty && (
          <p role="status" className="text-sm font-medium text-green-800">
            {t('form.saved')}
          </p>
        )}
        <Button type="submit" loading={isSubmitting} disabled={uploadsInFlight > 0}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
}

/** The store's fields, section by section; show/showWhen follow the answers as they are typed. */
function FieldGroups({
  groups,
  fields,
  control,
  onBusyChange,
}: {
  groups: FieldGroup[];
  fields: PageField[];
  control: Control<PageFormValues>;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation('vendor-page');
  const answers = useWatch({ control, name: 'metafields' });
  const shown = shownFields(fields, answers ?? []);
  return groups.map((group, groupIndex) => {
    const visible = group.items.filter(({ index }) => shown[index]);
    if (visible.length === 0) return null;
    const headingId = `vendor-page-section-${groupIndex}`;
    const title = group.name ?? (groups.length > 1 ? t('form.other') : t('form.details'));
    return (
      <section
        key={headingId}
        aria-labelledby={headingId}
        className="space-y-5 rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5"
      >
        <h3 id={headingId} className="text-base font-semibold text-gray-900">
          {title}
        </h3>
        {visible.map(({ field: definition, index }) => (
          <Controller
            key={definition.key || index}
            control={control}
            name={`metafields.${index}`}
            render={({ field, fieldState }) => (
              <PageFieldInput
                field={definition}
                id={`vendor-page-field-${index}`}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
                onBusyChange={onBusyChange}
              />
            )}
          />
        ))}
      </section>
    );
  });
}
