import { useTranslation } from 'react-i18next';
import { ColorsSchema } from '#shared/schemas/settings';
import { ColorField } from '#web/components/form/color-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { LogoField } from './logo-field.tsx';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('colors', 'logoText', 'logoRegistration');
const COLOR_KEYS = Object.keys(ColorsSchema.shape) as (keyof typeof ColorsSchema.shape)[];

export function AppearanceSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection
      id="appearance"
      title={t('appearance.title')}
      description={t('appearance.description')}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {COLOR_KEYS.map((key) => (
          <ColorField key={key} name={`colors.${key}`} label={t(`appearance.colors.${key}`)} />
        ))}
      </div>
      <LogoField name="logoText" proxy="logo-text" label={t('appearance.logoText')} />
      <LogoField name="logoRegistration" proxy="logo-registration" label={t('appearance.logoRegistration')} />
    </SettingsSection>
  );
}
