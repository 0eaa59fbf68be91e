import { useTranslation } from 'react-i18next';
import { SelectField } from '#web/components/form/select-field.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
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
    <SettingsSection
      id="payments"
      title={t('payments.title')}
      description={t('payments.description', words)}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <div className="grid gap-x-10 gap-y-5 md:grid-cols-2">
        <ToggleField name="payments.stripeConnect.enabled" label={t('payments.stripeEnabled')} />
        <ToggleField name="payments.stripeConnect.isTestKey" label={t('payments.stripeTestKey')} hint={t('payments.stripeTestKeyHint')} />
        <ToggleField name="payments.paypal.enabled" label={t('payments.paypalEnabled')} />
        <ToggleField name="payments.paypal.isSandbox" label={t('payments.paypalSandbox')} hint={t('payments.paypalSandboxHint')} />
      </div>
      <SelectField
        name="payments.schedule"
        label={t('payments.schedule')}
        options={SCHEDULES.map((value) => ({ value, label: t(`payments.schedules.${value}`) }))}
      />
      <div className="grid gap-x-10 gap-y-5 md:grid-cols-2">
        <TextField
          name="payments.holdingDays"
          numeric="number"
          min={0}
          max={365}
          label={t('payments.holdingDays')}
          hint={t('payments.holdingDaysHint')}
        />
        <TextField
          name="payments.minimumPayout"
          numeric="number"
          min={0}
          step="0.01"
          label={t('payments.minimumPayout')}
          hint={t('payments.minimumPayoutHint')}
        />
      </div>
      <div className="grid gap-x-10 gap-y-5 md:grid-cols-2">
        <div className="space-y-3">
          <ToggleField
            name="payments.manualMethods.bankTransfer.enabled"
            label={t('payments.bankTransfer')}
            hint={t('payments.manualHint')}
          />
          <TextField name="payments.manualMethods.bankTransfer.instructions" multiline label={t('payments.instructions')} />
        </div>
        <div className="space-y-3">
          <ToggleField
            name="payments.manualMethods.cashOnDelivery.enabled"
            label={t('payments.cashOnDelivery')}
            hint={t('payments.manualHint')}
          />
          <TextField name="payments.manualMethods.cashOnDelivery.instructions" multiline label={t('payments.instructions')} />
        </div>
      </div>
    </SettingsSection>
  );
}
