import { useTranslation } from 'react-i18next';
import { questionIn, type FieldValue, type RegistrationField } from '#shared/schemas/registration';
import { DefinitionFieldInput } from '#web/components/form/definition-field-input.tsx';

export interface RegistrationFieldInputProps {
  field: RegistrationField;
  id: string;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  onBlur: () => void;
  inputRef: (element: HTMLElement | null) => void;
  error?: string;
  store: string;
  onBusyChange: (busy: boolean) => void;
}

/** One registration field, rendered as its type says, in the reader's language when the admin wrote it in that language. */
export function RegistrationFieldInput({ field: stored, ...answer }: RegistrationFieldInputProps) {
  const { t, i18n } = useTranslation('registration');
  const field = questionIn(stored, i18n.resolvedLanguage ?? 'en');
  return (
    <DefinitionFieldInput
      type={field.type}
      fieldKey={field.key}
      title={field.name}
      name={field.key}
      label={field.name}
      termsLabel={field.required ? field.name : `${field.name}${t('form.optionalSuffix', { ns: 'common' })}`}
      required={field.required}
      description={field.description}
      options={field.options}
      link={field.link}
      {...answer}
    />
  );
}
