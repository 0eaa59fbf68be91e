import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '#web/components/form/checkbox-group-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('orders');
/** The order details an admin can keep from vendors. */
const HIDEABLE_FIELDS = ['billing', 'customerEmail', 'customerPhone', 'shippingAddress', 'note'] as const;

export function OrdersSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const words = useWordingValues();
  return (
    <SettingsSection
      id="orders"
      title={t('orders.title')}
      description={t('orders.description', words)}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <CheckboxGroupField
        name="orders.hiddenFields"
        label={t('orders.hiddenFields', words)}
        options={HIDEABLE_FIELDS.map((value) => ({ value, label: t(`orders.fields.${value}`) }))}
      />
    </SettingsSection>
  );
}
