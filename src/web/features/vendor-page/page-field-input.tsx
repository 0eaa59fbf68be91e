import { useTranslation } from 'react-i18next';
import { CheckboxListInput } from '../../components/fields/checkbox-list-input.tsx';
import type { ControlProps } from '../../components/fields/control-props.ts';
import { FieldError } from '../../components/fields/field-error.tsx';
import { FieldShell, describedBy as describedByFor, descriptionId, errorId } from '../../components/fields/field-shell.tsx';
import { inputClass } from '../../components/fields/input-style.ts';
import { RichTextInput } from '../../components/fields/rich-text-input.tsx';
import { SelectInput } from '../../components/fields/select-input.tsx';
import { TermsInput } from '../../components/fields/terms-input.tsx';
import { TextInput } from '../../components/fields/text-input.tsx';
import { TextareaInput } from '../../components/fields/textarea-input.tsx';
import { YoutubeVideo } from '../../components/fields/youtube-video.tsx';
import { FileUploadInput } from '../../components/media/file-upload-input.tsx';
import { ImageUploadInput } from '../../components/media/image-upload-input.tsx';
import { MediaInput } from '../../components/media/media-input.tsx';
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

const asText = (value: FieldValue) => (typeof value === 'string' ? value : '');
const asList = (value: FieldValue) => (Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []);

/** Date, date and time, and URL answers: the browser's own pickers and keyboard handling. */
function NativeInput({ id, name, value, onChange, onBlur, invalid, describedBy, inputRef, type }: ControlProps<string> & { type: 'date' | 'datetime-local' | 'url' }) {
  return (
    <input
      ref={inputRef}
      id={id}
      name={name}
      type={type}
      inputMode={type === 'url' ? 'url' : undefined}
      placeholder={type === 'url' ? 'https://' : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={inputClass(invalid)}
    />
  );
}

/**
 * One vendor page field, rendered as its metafield type says, with the app's field controls (the
 * registration form's renderings). Required fields carry a "*" in their label.
 */
export function PageFieldInput({ field, id, value, onChange, onBlur, inputRef, error, onBusyChange }: PageFieldInputProps) {
  const { t } = useTranslation('vendor-page');
  const invalid = Boolean(error);
  const description = field.description || undefined;
  const control = { id, name: field.key, onBlur, inputRef, invalid, describedBy: describedByFor(id, description, error) };
  const label = field.required ? t('form.requiredLabel', { name: field.name }) : field.name;
  const shell = { id, label, required: field.required, description, error };

  switch (field.type) {
    case 'textarea':
      return (
        <FieldShell {...shell}>
          <TextareaInput {...control} value={asText(value)} onChange={onChange} />
        </FieldShell>
      );
    case 'richtext':
      return (
        <FieldShell {...shell}>
          <RichTextInput {...control} value={asText(value)} onChange={onChange} />
        </FieldShell>
      );
    case 'select':
      return (
        <FieldShell {...shell}>
          <SelectInput {...control} value={asText(value)} onChange={onChange} options={field.options} />
        </FieldShell>
      );
    case 'checkbox':
      return (
        <FieldShell {...shell} group>
          <CheckboxListInput {...control} value={asList(value)} onChange={onChange} options={field.options} />
        </FieldShell>
      );
    case 'date':
    case 'date_time':
    case 'url':
      return (
        <FieldShell {...shell}>
          <NativeInput {...control} value={asText(value)} onChange={onChange} type={field.type === 'date_time' ? 'datetime-local' : field.type} />
        </FieldShell>
      );
    case 'file':
      return (
        <FieldShell {...shell} group>
          <FileUploadInput {...control} value={asText(value)} onChange={onChange} onBusyChange={onBusyChange} />
        </FieldShell>
      );
    case 'image':
      return (
        <FieldShell {...shell} group>
          <ImageUploadInput {...control} value={asText(value)} onChange={onChange} fieldKey={field.key} onBusyChange={onBusyChange} />
        </FieldShell>
      );
    case 'media':
    case 'list_media':
      return (
        <FieldShell {...shell} group>
          <MediaInput {...control} value={asList(value)} onChange={onChange} fieldKey={field.key} onBusyChange={onBusyChange} />
        </FieldShell>
      );
    case 'video':
      // Shows the store's video; there is nothing to answer.
      return (
        <div>
          <p className="block text-sm font-medium text-gray-900">{field.name}</p>
          {description && <p className="mt-1 text-sm text-gray-500">{description}</p>}
          <div className="mt-2">
            <YoutubeVideo link={field.link} title={field.name} />
          </div>
        </div>
      );
    case 'terms':
      // The box's own label is the field's name ("I agree to…").
      return (
        <div>
          {description && (
            <p id={descriptionId(id)} className="mb-2 text-sm text-gray-500">
              {description}
            </p>
          )}
          <TermsInput {...control} value={value === true} onChange={onChange} label={label} link={field.link} />
          <FieldError id={errorId(id)} message={error} />
        </div>
      );
    default:
      // input, and product (the product's id or handle)
      return (
        <FieldShell {...shell}>
          <TextInput {...control} value={asText(value)} onChange={onChange} />
        </FieldShell>
      );
  }
}
