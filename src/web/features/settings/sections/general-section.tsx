import { useTranslation } from 'react-i18next';
import { WordingsSchema } from '#shared/schemas/registration';
import { TextField } from '#web/components/form/text-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('wordings');
const WORDING_KEYS = Object.keys(WordingsSchema.shape) as (keyof typeof WordingsSchema.shape)[];

/** The shop's words for its roles and things ("seller" for vendor), used across the app. */
export function GeneralSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection id="general" title={t('general.title')} description={t('general.description')} schema={SECTION.schema} values={SECTION.valuesOf(settings)} save={SECTION.save}>
      <div className="grid gap-4 sm:grid-cols-2">
        {WORDING_KEYS.map((key) => (
          <TextField key={key} name={`wordings.${key}`} label={t(`general.wordings.${key}`)} autoComplete="off" />
        ))}
      </div>
    </SettingsSection>
  );
}
