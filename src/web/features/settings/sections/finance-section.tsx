import { useTranslation } from 'react-i18next';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('financeConfig');
const FLAGS = ['includeTax', 'includeShipping', 'includeDiscount', 'taxInPayout', 'shippingInPayout', 'discountInPayout'] as const;

export function FinanceSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const words = useWordingValues();
  return (
    <SettingsSection
      id="finance"
      title={t('finance.title', words)}
      description={t('finance.description', words)}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <div className="grid gap-x-10 gap-y-5 md:grid-cols-2">
        {FLAGS.map((flag) => (
          <ToggleField key={flag} name={`financeConfig.${flag}`} label={t(`finance.flags.${flag}`, words)} />
        ))}
      </div>
    </SettingsSection>
  );
}
