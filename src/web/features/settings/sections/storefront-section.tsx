import { useTranslation } from 'react-i18next';
import { TextField } from '#web/components/form/text-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('templateSuffix');

/** How the storefront platform shows what the marketplace pushes to it. */
export function StorefrontSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const words = useWordingValues();
  return (
    <SettingsSection
      id="storefront"
      title={t('storefront.title')}
      description={t('storefront.description', words)}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <TextField name="templateSuffix" label={t('storefront.templateSuffix')} hint={t('storefront.templateSuffixHint', words)} />
    </SettingsSection>
  );
}
