import { useTranslation } from 'react-i18next';
import { AUDIT_RETENTION_MONTHS } from '#shared/schemas/settings';
import { SelectField } from '#web/components/form/select-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('auditLog');

/** How long the change history is kept: "2 years" (the daily retention job drops older months whole). */
export function RetentionSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const options = AUDIT_RETENTION_MONTHS.map((months) => ({
    value: months,
    label: months % 12 === 0 ? t('changeHistory.years', { count: months / 12 }) : t('changeHistory.months', { count: months }),
  }));
  return (
    <SettingsSection
      id="change-history"
      title={t('changeHistory.title')}
      description={t('changeHistory.description')}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <SelectField name="auditLog.retentionMonths" label={t('changeHistory.retention')} options={options} numeric />
    </SettingsSection>
  );
}
