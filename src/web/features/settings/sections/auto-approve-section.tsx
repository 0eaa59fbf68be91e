import { useTranslation } from 'react-i18next';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('autoApprove');

export function AutoApproveSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const words = useWordingValues();
  return (
    <SettingsSection
      id="auto-approve"
      title={t('autoApprove.title')}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <ToggleField name="autoApprove.enabledDefault" label={t('autoApprove.enabledDefault', words)} hint={t('autoApprove.hint', words)} />
    </SettingsSection>
  );
}
