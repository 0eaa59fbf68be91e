import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RegistrationFormSettingsSchema, type RegistrationField } from '#shared/schemas/registration';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { saveRegistrationForm } from '../api/save-registration-form.ts';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { useFieldError } from '#web/components/form/use-field-error.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { RegistrationFieldRow } from './registration-field-row.tsx';
import type { SectionProps } from './section-props.ts';

/** The registration section of the settings object is the call's body: { fields, enableApproval }. */
const SCHEMA = RegistrationFormSettingsSchema;

const NEW_FIELD: RegistrationField = { key: '', name: '', type: 'text', required: false, description: '', options: [], link: '' };

export function RegistrationSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const words = useWordingValues();
  return (
    <SettingsSection
      id="registration"
      title={t('registration.title', words)}
      description={t('registration.description', words)}
      schema={SCHEMA}
      values={settings.registration}
      save={saveRegistrationForm}
    >
      <ToggleField name="enableApproval" label={t('registration.enableApproval')} hint={t('registration.enableApprovalHint', words)} />
      <RegistrationFieldList />
    </SettingsSection>
  );
}

function RegistrationFieldList() {
  const { t } = useTranslation('settings');
  const { control } = useFormContext();
  const { fields, append, move, remove } = useFieldArray({ control, name: 'fields' });
  const listError = useFieldError('fields');
  return (
    <div>
      <h4 className="text-sm font-semibold text-gray-900">{t('registration.fields')}</h4>
      {fields.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">{t('registration.noFields')}</p>
      ) : (
        <ol className="mt-3 space-y-4">
          {fields.map((field, index) => (
            <RegistrationFieldRow key={field.id} index={index} count={fields.length} onMove={move} onRemove={remove} />
          ))}
        </ol>
      )}
      <AlertText className="mt-2">{listError}</AlertText>
      <Button variant="secondary" className="mt-4" onClick={() => append(NEW_FIELD)}>
        {t('registration.add')}
      </Button>
    </div>
  );
}
