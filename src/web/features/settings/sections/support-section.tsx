import { useTranslation } from 'react-i18next';
import { TextField } from '#web/components/form/text-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('support');

export function SupportSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection
      id="support"
      title={t('support.title')}
      description={t('support.description', useWordingValues())}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="support.title" label={t('support.name')} />
        <TextField name="support.email" type="email" autoComplete="email" label={t('support.email')} />
      </div>
    </SettingsSection>
  );
}
