import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { TagListField } from '#web/components/form/tag-list-field.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('vendorPage');

export function VendorPageSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const words = useWordingValues();
  return (
    <SettingsSection
      id="vendor-page"
      title={t('vendorPage.title', words)}
      description={t('vendorPage.description', words)}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <div className="grid gap-x-10 gap-y-5 md:grid-cols-2">
        <ToggleField name="vendorPage.enabled" label={t('vendorPage.enabled', words)} />
        <ToggleField name="vendorPage.autoApprove" label={t('vendorPage.autoApprove', words)} />
      </div>
      <TextField
        name="vendorPage.collectionTemplate"
        label={t('vendorPage.collectionTemplate')}
        hint={t('vendorPage.collectionTemplateHint')}
      />
      <VendorPageSections />
    </SettingsSection>
  );
}

/** The blocks of a vendor page: a name, and the keys of the fields it shows. */
function VendorPageSections() {
  const { t } = useTranslation('settings');
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'vendorPage.sections' });
  return (
    <div>
      <h4 className="text-sm font-semibold text-gray-900">{t('vendorPage.sections')}</h4>
      {fields.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">{t('vendorPage.noSections')}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {fields.map((field, index) => (
            <li key={field.id} className="grid gap-4 rounded-md border border-gray-200 p-4 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
              <TextField name={`vendorPage.sections.${index}.name`} label={t('vendorPage.sectionName')} />
              <TagListField
                name={`vendorPage.sections.${index}.keys`}
                label={t('vendorPage.sectionKeys')}
                hint={t('vendorPage.sectionKeysHint')}
              />
              <Button
                variant="secondary"
                className="sm:mt-7"
                onClick={() => remove(index)}
                aria-label={t('vendorPage.removeSectionLabel', { number: index + 1 })}
              >
                {t('vendorPage.removeSection')}
              </Button>
            </li>
          ))}
        </ol>
      )}
      <Button variant="secondary" className="mt-3" onClick={() => append({ name: '', keys: [] })}>
        {t('vendorPage.addSection')}
      </Button>
    </div>
  );
}
