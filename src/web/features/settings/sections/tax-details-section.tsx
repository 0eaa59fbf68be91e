import { useTranslation } from 'react-i18next';
import { DEFAULT_TAX_DETAILS, TaxDetailsSchema } from '#shared/schemas/vendor-settings';
import { CodePickerField } from '#web/components/form/code-picker.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { saveTaxDetails } from '../api/save-tax-details.ts';
import type { SectionProps } from './section-props.ts';

/** A vendor's own tax details (all optional): what the marketplace's yearly seller report lists beside its sales. */
export function TaxDetailsSection({ vendorSettings }: SectionProps) {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection
      id="tax-details"
      title={t('taxDetails.title')}
      description={t('taxDetails.description')}
      schema={TaxDetailsSchema}
      values={vendorSettings?.taxDetails ?? DEFAULT_TAX_DETAILS}
      save={saveTaxDetails}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="legalName" label={t('taxDetails.legalName')} autoComplete="organization" />
        <TextField name="taxId" label={t('taxDetails.taxId')} />
      </div>
      <TextField name="address" multiline label={t('taxDetails.address')} />
      <CodePickerField kind="country" name="country" label={t('taxDetails.country')} />
    </SettingsSection>
  );
}
