import { useTranslation } from 'react-i18next';
import { SWITCHABLE_FEATURE_FLAGS } from '#shared/schemas/settings';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('features');

export function FeaturesSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const words = useWordingValues();
  return (
    <SettingsSection
      id="features"
      title={t('features.title')}
      description={t('features.description')}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <div className="grid gap-x-10 gap-y-5 md:grid-cols-2">
        {SWITCHABLE_FEATURE_FLAGS.map((flag) => (
          <ToggleField
            key={flag}
            name={`features.${flag}.enabled`}
            label={t(`features.flags.${flag}.label`, words)}
            hint={t(`features.flags.${flag}.hint`, words)}
          />
        ))}
      </div>
    </SettingsSection>
  );
}
