import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SHOW_ALWAYS, SHOW_NEVER } from '#shared/metafield-properties';
import { METAFIELD_TYPES, type MetafieldDefinition, type MetafieldOwner } from '#shared/schemas/metafields';
import { Button } from '#web/components/button.tsx';
import { FormCard } from '#web/components/form/form-card.tsx';
import { useFormSave } from '#web/components/form/use-form-save.ts';
import { SelectField } from '#web/components/form/select-field.tsx';
import { TagListField } from '#web/components/form/tag-list-field.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';
import { saveMetafield, type StoredMetafield } from '#web/api/metafields.ts';
import { metafieldResolver, toMetafieldForm, type MetafieldFormValues } from './metafield-form.ts';

/** The fields that only some types use: a link for terms and url, choices for select and checkbox, showWhen for a conditional field. */
function TypeDependentFields({ others }: { others: StoredMetafield[] }) {
  const { t } = useTranslation('metafields');
  const [type, show] = useWatch<MetafieldFormValues, ['type', 'show']>({ name: ['type', 'show'] });
  return (
    <>
      {(type === 'terms' || type === 'url') && <TextField name="link" label={t('editor.link')} hint={t('editor.linkHint')} type="url" />}
      {(type === 'select' || type === 'checkbox') && (
        <TagListField name="options" label={t('editor.options')} hint={t('editor.optionsHint')} />
      )}
      <SelectField
        name="show"
        label={t('editor.show')}
        options={[
          { value: SHOW_ALWAYS, label: t('editor.showAlways') },
          { value: SHOW_NEVER, label: t('editor.showNever') },
          ...others.map((o) => ({ value: o.key, label: t('editor.showWhenField', { name: o.name }) })),
        ]}
      />
      {show !== SHOW_ALWAYS && show !== SHOW_NEVER && (
        <TextField name="showWhen" label={t('editor.showWhen')} hint={t('editor.showWhenHint')} />
      )}
    </>
  );
}

export function MetafieldEditor({
  owner,
  stored,
  others,
  onDone,
}: {
  owner: MetafieldOwner;
  stored: StoredMetafield | null;
  others: StoredMetafield[];
  onDone: () => void;
}) {
  const { t } = useTranslation('metafields');
  const text = useMessageText();
  const form = useForm<MetafieldFormValues, unknown, MetafieldDefinition>({
    resolver: metafieldResolver,
    defaultValues: toMetafieldForm(stored),
  });
  const submit = useFormSave(form, {
    save: (definition) => saveMetafield(owner, definition, stored?.id),
    onSaved: onDone,
    savedText: t('metafieldSaved'),
    fixFields: t('fixFields'),
    messageText: text,
  });
  const title = stored ? t('editor.editTitle', { name: stored.name }) : t('editor.newTitle');
  return (
    <FormCard
      form={form}
      submit={submit}
      titleId="metafield-editor-title"
      title={title}
      saveLabel={t('editor.save')}
      actions={
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
      }
    >
      <div className="grid gap-5 px-6 py-5 sm:grid-cols-2">
        <TextField name="name" label={t('editor.name')} autoFocus />
        <TextField name="key" label={t('editor.key')} hint={t('editor.keyHint')} spellCheck={false} />
        <SelectField
          name="type"
          label={t('editor.type')}
          options={METAFIELD_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        />
        <TextField name="description" label={t('editor.description')} multiline className="sm:col-span-2" />
        <div className="space-y-5 sm:col-span-2">
          <TypeDependentFields others={others.filter((o) => o.id !== stored?.id)} />
          <ToggleField name="required" label={t('editor.required')} />
          <ToggleField name="showOnVendorPage" label={t('editor.showOnVendorPage')} />
          {/* Only a vendor's own (collection) metafields can be answered by an applicant. */}
          {owner === 'collections' && (
            <ToggleField name="registration" label={t('editor.registration')} hint={t('editor.registrationHint')} />
          )}
        </div>
      </div>
    </FormCard>
  );
}
