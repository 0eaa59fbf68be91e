import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencySchema } from '#shared/schemas/vendor-settings';
import { saveCurrency } from '../api/save-currency.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { scopedValues } from './scoped-values.ts';
import type { SectionProps } from './section-props.ts';

/** Suggestions only: any three-letter code is accepted. */
const COMMON_CURRENCIES = ['EUR', 'USD', 'GBP', 'CAD', 'AUD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'JPY'];

export function CurrencySection({ settings, vendorSettings }: SectionProps) {
  const { t } = useTranslation('settings');
  const listId = useId();
  return (
    <SettingsSection
      id="currency"
      title={t('currency.title')}
      description={t(vendorSettings ? 'currency.vendorDescription' : 'currency.description')}
      schema={CurrencySchema}
      values={scopedValues(settings, vendorSettings).currency}
      save={saveCurrency}
    >
      <TextField name="displayCurrency" label={t('currency.displayCurrency')} hint={t('currency.hint')} list={listId} autoComplete="off" className="sm:max-w-xs" />
      <datalist id={listId}>
        {COMMON_CURRENCIES.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
    </SettingsSection>
  );
}
