import { useTranslation } from 'react-i18next';
import { HolidaysSchema } from '#shared/schemas/vendor-settings';
import { saveHolidays } from '../api/save-holidays.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { scopedValues } from './scoped-values.ts';
import type { SectionProps } from './section-props.ts';

export function HolidaysSection({ settings, vendorSettings }: SectionProps) {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection
      id="holidays"
      title={t('holidays.title')}
      // The marketplace's own holidays close every vendor, which the admin must know before saving.
      description={t(vendorSettings ? 'holidays.description' : 'holidays.marketplaceDescription', useWordingValues())}
      schema={HolidaysSchema}
      values={scopedValues(settings, vendorSettings).holidays}
      save={saveHolidays}
    >
      <ToggleField name="enabled" label={t('holidays.enabled')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="from" type="date" label={t('holidays.from')} />
        <TextField name="to" type="date" label={t('holidays.to')} />
      </div>
      <TextField name="message" multiline label={t('holidays.message')} hint={t('holidays.messageHint')} />
    </SettingsSection>
  );
}
