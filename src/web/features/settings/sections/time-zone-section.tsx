import { useTranslation } from 'react-i18next';
import { timeZoneChoices } from '#shared/days';
import { SelectField } from '#web/components/form/select-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('timeZone');

/** The store's time zone: where the dashboard's days begin and end. */
export function TimeZoneSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const zones = timeZoneChoices();
  // A zone stored before this runtime knew it stays selectable rather than being replaced silently.
  const options = (zones.includes(settings.timeZone) ? zones : [settings.timeZone, ...zones]).map((value) => ({
    value,
    label: value.replaceAll('_', ' '),
  }));
  return (
    <SettingsSection
      id="time-zone"
      title={t('timeZone.title')}
      description={t('timeZone.description')}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <SelectField name="timeZone" label={t('timeZone.label')} options={options} />
    </SettingsSection>
  );
}
