import { useTranslation } from 'react-i18next';
import { CurrencySchema } from '#shared/schemas/vendor-settings';
import { saveCurrency } from '../api/save-currency.ts';
import { CodePickerField } from '#web/components/form/code-picker.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { scopedValues } from './scoped-values.ts';
import type { SectionProps } from './section-props.ts';

export function CurrencySection({ settings, vendorSettings }: SectionProps) {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection
      id="currency"
      title={t('currency.title')}
      description={t(vendorSettings ? 'currency.vendorDescription' : 'currency.description')}
      schema={CurrencySchema}
      values={scopedValues(settings, vendorSettings).currency}
      save={saveCurrency}
    >
      <CodePickerField kind="currency" name="displayCurrency" label={t('currency.displayCurrency')} className="sm:max-w-xs" />
    </SettingsSection>
  );
}
