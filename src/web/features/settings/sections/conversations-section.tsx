import { useTranslation } from 'react-i18next';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('conversations');

/** Whether buyers and vendors see each other's e-mail addresses, phone numbers and links in messages. */
export function ConversationsSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const words = useWordingValues();
  return (
    <SettingsSection
      id="conversations"
      title={t('conversations.title')}
      description={t('conversations.description', words)}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <ToggleField
        name="conversations.hideContactDetails"
        label={t('conversations.hideContactDetails')}
        hint={t('conversations.hint', words)}
      />
      <ToggleField
        name="conversations.allowContactAfterDelivery"
        label={t('conversations.allowContactAfterDelivery')}
        hint={t('conversations.allowContactAfterDeliveryHint', words)}
      />
    </SettingsSection>
  );
}
