import { useTranslation } from 'react-i18next';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { DISTANCE_UNITS, MASS_UNITS, ShipFromSchema } from '#shared/schemas/vendor-settings';
import { saveShipFrom } from '../api/save-ship-from.ts';
import { CodePickerField } from '#web/components/form/code-picker.tsx';
import { SelectField } from '#web/components/form/select-field.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { scopedValues } from './scoped-values.ts';
import type { SectionProps } from './section-props.ts';

const ADDRESS_FIELDS = [
  { key: 'name', autoComplete: 'name' },
  { key: 'company', autoComplete: 'organization' },
  { key: 'street1', autoComplete: 'address-line1' },
  { key: 'street2', autoComplete: 'address-line2' },
  { key: 'city', autoComplete: 'address-level2' },
  { key: 'state', autoComplete: 'address-level1' },
  { key: 'zip', autoComplete: 'postal-code' },
  { key: 'country', autoComplete: 'country' },
  { key: 'phone', autoComplete: 'tel', type: 'tel' },
  { key: 'email', autoComplete: 'email', type: 'email' },
] as const;

export function ShipFromSection({ settings, vendorSettings }: SectionProps) {
  const { t } = useTranslation('settings');
  const words = useWordingValues();
  const unit = (value: string) => ({ value, label: value });
  return (
    <SettingsSection
      id="ship-from"
      title={t('shipFrom.title')}
      description={t('shipFrom.description')}
      schema={ShipFromSchema}
      values={scopedValues(settings, vendorSettings).shipFrom}
      save={saveShipFrom}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-gray-900">{t('shipFrom.address')}</legend>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          {ADDRESS_FIELDS.map((field) =>
            field.key === 'country' ? (
              <CodePickerField key={field.key} kind="country" name="shipFromAddress.country" label={t('shipFrom.fields.country')} />
            ) : (
              <TextField
                key={field.key}
                name={`shipFromAddress.${field.key}`}
                type={'type' in field ? field.type : 'text'}
                autoComplete={field.autoComplete}
                label={t(`shipFrom.fields.${field.key}`)}
                hint={field.key === 'state' ? t('shipFrom.stateHint') : undefined}
              />
            ),
          )}
        </div>
        <div className="mt-4">
          <ToggleField name="shipFromAddress.is_residential" label={t('shipFrom.fields.is_residential')} />
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-gray-900">{t('shipFrom.package')}</legend>
        <div className="mt-2 grid gap-4 sm:grid-cols-4">
          <TextField name="defaultPackage.length" numeric="number" min={0} step="any" label={t('shipFrom.length')} />
          <TextField name="defaultPackage.width" numeric="number" min={0} step="any" label={t('shipFrom.width')} />
          <TextField name="defaultPackage.height" numeric="number" min={0} step="any" label={t('shipFrom.height')} />
          <SelectField name="defaultPackage.distanceUnit" label={t('shipFrom.distanceUnit')} options={DISTANCE_UNITS.map(unit)} />
          <TextField name="defaultPackage.weight" numeric="number" min={0} step="any" label={t('shipFrom.weight')} />
          <SelectField name="defaultPackage.massUnit" label={t('shipFrom.massUnit')} options={MASS_UNITS.map(unit)} />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-gray-900">{t('shipFrom.localPickup')}</legend>
        <ToggleField
          name="defaultLocalPickup.enabled"
          label={t('shipFrom.localPickupEnabled', words)}
          hint={t('shipFrom.localPickupHint', words)}
        />
      </fieldset>
    </SettingsSection>
  );
}
