import { useTranslation } from 'react-i18next';
import { TagListField } from '#web/components/form/tag-list-field.tsx';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { DictEditor } from './dict-editor.tsx';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('translations');

export function TranslationsSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection
      id="translations"
      title={t('translations.title')}
      description={t('translations.description')}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <ToggleField name="translations.enabled" label={t('translations.enabled')} />
      <TagListField name="translations.locales" label={t('translations.locales')} hint={t('translations.localesHint')} placeholder="nl" />
      <DictEditor name="translations.dict" />
    </SettingsSection>
  );
}
