import { useTranslation } from 'react-i18next';
import { DefinitionFieldInput, type DefinitionFieldParts } from '#web/components/form/definition-field-input.tsx';
import { FieldShell } from '#web/components/form/field-shell.tsx';
import { TextInput } from '#web/components/form/text-input.tsx';
import type { FieldValue, PageField } from './page-fields.ts';

export interface PageFieldInputProps {
  field: PageField;
  id: string;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  onBlur: () => void;
  inputRef: (element: HTMLElement | null) => void;
  /** Already in the reader's language. */
  error?: string;
  onBusyChange: (busy: boolean) => void;
}

/**
 * One vendor page field, rendered as its metafield type says, with the app's field controls (the
 * registration form's renderings). Required fields carry a "*" in their label; a product answer is
 * the product's id or handle, as text.
 */
export function PageFieldInput({ field, ...answer }: PageFieldInputProps) {
  const { t } = useTranslation('vendor-page');
  const label = field.required ? t('form.requiredLabel', { name: field.name }) : field.name;
  const native =
    (type: 'date' | 'datetime-local' | 'url') =>
    ({ control, shell, text }: DefinitionFieldParts) => (
      <FieldShell {...shell}>
        <TextInput
          {...control}
          value={text}
          onChange={answer.onChange}
          type={type}
          inputMode={type === 'url' ? 'url' : undefined}
          placeholder={type === 'url' ? 'https://' : undefined}
        />
      </FieldShell>
    );

  return (
    <DefinitionFieldInput
      type={field.type}
      fieldKey={field.key}
      title={field.name}
      name={field.key}
      label={label}
      termsLabel={label}
      required={field.required}
      description={field.description}
      options={field.options}
      link={field.link}
      {...answer}
      renderers={{ date: native('date'), date_time: native('datetime-local'), url: native('url') }}
    />
  );
}
