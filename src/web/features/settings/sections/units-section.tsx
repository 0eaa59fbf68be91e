import { useTranslation } from 'react-i18next';
import { LENGTH_UNITS, WEIGHT_UNITS } from '#shared/schemas/settings';
import { SelectField } from '#web/components/form/select-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('defaultUnits');

export function UnitsSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection
      id="units"
      title={t('units.title')}
      description={t('units.description', useWordingValues())}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="defaultUnits.length"
          label={t('units.length')}
          options={LENGTH_UNITS.map((value) => ({ value, label: t(`units.lengths.${value}`) }))}
        />
        <SelectField
          name="defaultUnits.weight"
          label={t('units.weight')}
          options={WEIGHT_UNITS.map((value) => ({ value, label: t(`units.weights.${value}`) }))}
        />
      </div>
    </SettingsSection>
  );
}
