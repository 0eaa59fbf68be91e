import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SHOW_ALWAYS, SHOW_NEVER } from '#shared/metafield-properties';
import { METAFIELD_TYPES, type MetafieldDefinition, type MetafieldOwner } from '#shared/schemas/metafields';
import { AlertText } from '../../components/alert-text.tsx';
import { Button } from '../../components/button.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { HttpError } from '../../api/http-error.ts';
import { SelectField } from '../settings/form-kit/select-field.tsx';
import { TagListField } from '../settings/form-kit/tag-list-field.tsx';
import { TextField } from '../settings/form-kit/text-field.tsx';
import { ToggleField } from '../settings/form-kit/toggle-field.tsx';
import { useMessageText } from '../settings/form-kit/use-message-text.ts';
import { saveMetafield, type StoredMetafield } from './api/metafields.ts';
import { metafieldResolver, toMetafieldForm, type MetafieldFormValues } from './metafield-form.ts';

/** The fields that only some types use: a link for terms and url, choices for select and checkbox, showWhen for a conditional field. */
function TypeDependentFields({ others }: { others: StoredMetafield[] }) {
  const { t } = useTranslation('metafields');
  const [type, show] = useWatch<MetafieldFormValues, ['type', 'show']>({ name: ['type', 'show'] });
  return (
    <>
      {(type === 'terms' || type === 'url') && <TextField name="link" label={t('editor.link')} hint={t('editor.linkHint')} type="url" />}
      {(type === 'select' || type === 'checkbox') && <TagListField name="options" label={t('editor.options')} hint={t('editor.optionsHint')} />}
      <SelectField
        name="show"
        label={t('editor.show')}
        options={[
          { value: SHOW_ALWAYS, label: t('editor.showAlways') },
          { value: SHOW_NEVER, label: t('editor.showNever') },
          ...others.map((o) => ({ value: o.key, label: t('editor.showWhenField', { name: o.name }) })),
        ]}
      />
      {show !== SHOW_ALWAYS && show !== SHOW_NEVER && <TextField name="showWhen" label={t('editor.showWhen')} hint={t('editor.showWhenHint')} />}
    </>
  );
}

export function MetafieldEditor({ owner, stored, others, onDone }: { owner: MetafieldOwner; stored: StoredMetafield | null; others: StoredMetafield[]; onDone: () => void }) {
  const { t } = useTranslation('metafields');
  const text = useMessageText();
  const [failure, setFailure] = useState('');
  const form = useForm<MetafieldFormValues, unknown, MetafieldDefinition>({ resolver: metafieldResolver, defaultValues: toMetafieldForm(stored) });
  const onSubmit = form.handleSubmit(
    async (definition) => {
      setFailure('');
      try {
        await saveMetafield(owner, definition, stored?.id);
        onDone();
      } catch (error) {
        const fieldErrors = error instanceof HttpError ? Object.entries(error.fieldErrors) : [];
        for (const [path, message] of fieldErrors) form.setError(path as keyof MetafieldFormValues, { type: 'server', message });
        setFailure(fieldErrors.length ? t('fixFields') : text(errorMessage(error)));
      }
    },
    () => setFailure(t('fixFields')),
  );
  return (
    <section aria-labelledby="metafield-editor-title" className="rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <header className="border-b border-gray-200 px-6 py-4">
            <h2 id="metafield-editor-title" className="text-base font-semibold text-gray-900">
              {stored ? t('editor.editTitle', { name: stored.name }) : t('editor.newTitle')}
            </h2>
          </header>
          <div className="grid gap-5 px-6 py-5 sm:grid-cols-2">
            <TextField name="name" label={t('editor.name')} autoFocus />
            <TextField name="key" label={t('editor.key')} hint={t('editor.keyHint')} spellCheck={false} />
            <SelectField name="type" label={t('editor.type')} options={METAFIELD_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} />
            <TextField name="description" label={t('editor.description')} multiline className="sm:col-span-2" />
            <div className="space-y-5 sm:col-span-2">
              <TypeDependentFields others={others.filter((o) => o.id !== stored?.id)} />
              <ToggleField name="required" label={t('editor.required')} />
              <ToggleField name="showOnVendorPage" label={t('editor.showOnVendorPage')} />
              <ToggleField name="registration" label={t('editor.registration')} hint={t('editor.registrationHint')} />
            </div>
          </div>
          <footer className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 rounded-b-lg border-t border-gray-200 bg-gray-50 px-6 py-3">
            <AlertText>{failure}</AlertText>
            <Button variant="secondary" onClick={onDone}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('editor.save')}
            </Button>
          </footer>
        </form>
      </FormProvider>
    </section>
  );
}
