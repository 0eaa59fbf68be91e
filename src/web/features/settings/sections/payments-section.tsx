import { useTranslation } from 'react-i18next';
import { SelectField } from '#web/components/form/select-field.tsx';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('payments');
const SCHEDULES = ['manual', 'weekly', 'monthly'] as const;

export function PaymentsSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const words = useWordingValues();
  return (
    <SettingsSection id="payments" title={t('payments.title')} description={t('payments.description', words)} schema={SECTION.schema} values={SECTION.valuesOf(settings)} save={SECTION.save}>
      <div className="grid gap-x-10 gap-y-5 md:grid-cols-2">
        <ToggleField name="payments.stripeConnect.enabled" label={t('payments.stripeEnabled')} />
        <ToggleField name="payments.stripeConnect.isTestKey" label={t('payments.stripeTestKey')} hint={t('payments.stripeTestKeyHint')} />
        <ToggleField name="payments.paypal.enabled" label={t('payments.paypalEnabled')} />
        <ToggleField name="payments.paypal.isSandbox" label={t('payments.paypalSandbox')} hint={t('payments.paypalSandboxHint')} />
      </div>
      <SelectField name="payments.schedule" label={t('payments.schedule')} options={SCHEDULES.map((value) => ({ value, label: t(`payments.schedules.${value}`) }))} />
    </SettingsSection>
  );
}
