import { useTranslation } from 'react-i18next';
import { TextField } from '#web/components/form/text-field.tsx';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('membership');

export function MembershipSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const words = useWordingValues();
  return (
    <SettingsSection
      id="membership"
      title={t('membership.title')}
      description={t('membership.description', words)}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <ToggleField name="membership.enabled" label={t('membership.enabled')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="membership.products"
          numeric="nullable"
          min={0}
          label={t('membership.products', words)}
          hint={t('membership.productsHint')}
        />
        <TextField
          name="membership.trialDays"
          numeric="number"
          min={0}
          max={365}
          label={t('membership.trialDays')}
          hint={t('membership.trialDaysHint')}
        />
      </div>
      <TextField name="membership.documentationUrl" type="url" label={t('membership.documentationUrl')} placeholder="https://" />
    </SettingsSection>
  );
}
