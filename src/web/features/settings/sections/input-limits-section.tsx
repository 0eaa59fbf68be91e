import { useTranslation } from 'react-i18next';
import { TextField } from '#web/components/form/text-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('inputLimit');
/** Lengths 0 to 100000, images 0 to 100. */
const LIMITS = [
  { key: 'title', max: 100_000 },
  { key: 'description', max: 100_000 },
  { key: 'images', max: 100 },
] as const;

export function InputLimitsSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const words = useWordingValues();
  return (
    <SettingsSection
      id="input-limits"
      title={t('inputLimit.title')}
      description={t('inputLimit.description', words)}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      {LIMITS.map(({ key, max }) => (
        <fieldset key={key}>
          <legend className="text-sm font-semibold text-gray-900">{t(`inputLimit.fields.${key}`, words)}</legend>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <TextField
              name={`inputLimit.${key}.min`}
              numeric="number"
              min={0}
              max={max}
              label={t('inputLimit.min')}
              hint={t('inputLimit.range', { max })}
            />
            <TextField
              name={`inputLimit.${key}.max`}
              numeric="number"
              min={0}
              max={max}
              label={t('inputLimit.max')}
              hint={t('inputLimit.range', { max })}
            />
          </div>
        </fieldset>
      ))}
    </SettingsSection>
  );
}
