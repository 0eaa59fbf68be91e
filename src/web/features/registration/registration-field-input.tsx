import { useTranslation } from 'react-i18next';
import type { FieldValue, RegistrationField } from '#shared/schemas/registration';
import { CheckboxListInput } from '../../components/fields/checkbox-list-input.tsx';
import { FieldShell, describedBy as describedByFor, errorId, descriptionId } from '../../components/fields/field-shell.tsx';
import { FieldError } from '../../components/fields/field-error.tsx';
import { RichTextInput } from '../../components/fields/rich-text-input.tsx';
import { SelectInput } from '../../components/fields/select-input.tsx';
import { TermsInput } from '../../components/fields/terms-input.tsx';
import { TextInput } from '../../components/fields/text-input.tsx';
import { TextareaInput } from '../../components/fields/textarea-input.tsx';
import { YoutubeVideo } from '../../components/fields/youtube-video.tsx';
import { FileUploadInput } from '../../components/media/file-upload-input.tsx';
import { ImageUploadInput } from '../../components/media/image-upload-input.tsx';
import { MediaInput } from '../../components/media/media-input.tsx';

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

const asText = (value: FieldValue) => (typeof value === 'string' ? value : '');
const asList = (value: FieldValue) => (Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []);

/** One registration field, rendered as its type says (spec: "Registration field renderings"). */
export function RegistrationFieldInput({ field, id, value, onChange, onBlur, inputRef, error, store, onBusyChange }: RegistrationFieldInputProps) {
  const { t } = useTranslation('registration');
  const invalid = Boolean(error);
  const control = { id, name: field.key, onBlur, inputRef, invalid, describedBy: describedByFor(id, field.description, error) };
  const shell = { id, label: field.name, required: field.required, description: field.description, error };

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
    case 'checkbox':
      return (
        <FieldShell {...shell} group>
          <CheckboxListInput {...control} value={asList(value)} onChange={onChange} options={field.options} />
        </FieldShell>
      );
    case 'select':
      return (
        <FieldShell {...shell}>
          <SelectInput {...control} value={asText(value)} onChange={onChange} options={field.options} />
        </FieldShell>
      );
    case 'file':
      return (
        <FieldShell {...shell} group>
          <FileUploadInput {...control} value={asText(value)} onChange={onChange} store={store} onBusyChange={onBusyChange} />
        </FieldShell>
      );
    case 'image':
      return (
        <FieldShell {...shell} group>
          <ImageUploadInput {...control} value={asText(value)} onChange={onChange} fieldKey={field.key} store={store} onBusyChange={onBusyChange} />
        </FieldShell>
      );
    case 'media':
      return (
        <FieldShell {...shell} group>
          <MediaInput {...control} value={asList(value)} onChange={onChange} fieldKey={field.key} store={store} onBusyChange={onBusyChange} />
        </FieldShell>
      );
    case 'video':
      return (
        <div>
          <p className="block text-sm font-medium text-gray-900">{field.name}</p>
          {field.description && <p className="mt-1 text-sm text-gray-500">{field.description}</p>}
          <div className="mt-2">
            <YoutubeVideo link={field.link} title={field.name} />
          </div>
        </div>
      );
    case 'terms':
      // The box's own label is the field's name ("I agree to…"); no separate heading above it.
      return (
        <div>
          {field.description && (
            <p id={descriptionId(id)} className="mb-2 text-sm text-gray-500">
              {field.description}
            </p>
          )}
          <TermsInput
            {...control}
            value={value === true}
            onChange={onChange}
            label={field.required ? field.name : `${field.name}${t('optionalSuffix')}`}
            link={field.link}
          />
          <FieldError id={errorId(id)} message={error} />
        </div>
      );
    default:
      return (
        <FieldShell {...shell}>
          <TextInput {...control} value={asText(value)} onChange={onChange} />
        </FieldShell>
      );
  }
}
