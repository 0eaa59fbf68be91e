import { useTranslation } from 'react-i18next';
import { CheckboxListInput } from '../../../components/fields/checkbox-list-input.tsx';
import { describedBy as describedByFor, descriptionId, errorId, FieldShell } from '../../../components/fields/field-shell.tsx';
import { FieldError } from '../../../components/fields/field-error.tsx';
import { inputClass } from '../../../components/fields/input-style.ts';
import { RichTextInput } from '../../../components/fields/rich-text-input.tsx';
import { SelectInput } from '../../../components/fields/select-input.tsx';
import { TermsInput } from '../../../components/fields/terms-input.tsx';
import { TextareaInput } from '../../../components/fields/textarea-input.tsx';
import { TextInput } from '../../../components/fields/text-input.tsx';
import { YoutubeVideo } from '../../../components/fields/youtube-video.tsx';
import { FileUploadInput } from '../../../components/media/file-upload-input.tsx';
import { ImageUploadInput } from '../../../components/media/image-upload-input.tsx';
import { MediaInput } from '../../../components/media/media-input.tsx';
import type { EditorDefinition, MetafieldFormValue } from './product-form.ts';
import { ProductPicker } from './product-picker.tsx';

export interface MetafieldInputProps {
  definition: EditorDefinition;
  /** The description without its property block. */
  description: string;
  required: boolean;
  id: string;
  value: MetafieldFormValue;
  onChange: (value: MetafieldFormValue) => void;
  onBlur: () => void;
  inputRef: (element: HTMLElement | null) => void;
  error?: string;
  onBusyChange: (busy: boolean) => void;
}

const asText = (value: MetafieldFormValue) => (typeof value === 'string' ? value : '');
const asList = (value: MetafieldFormValue) => (Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []);

/**
 * One product metafield, rendered by its type. The registration form's controls are reused (text,
 * rich text, choices, terms, file, image and media uploads); products add a product picker, dates,
 * URLs, and a video given by its link.
 */
export function MetafieldInput({ definition, description, required, id, value, onChange, onBlur, inputRef, error, onBusyChange }: MetafieldInputProps) {
  const { t } = useTranslation('products');
  const invalid = Boolean(error);
  const control = { id, name: `metafield-${definition.key}`, onBlur, inputRef, invalid, describedBy: describedByFor(id, description || undefined, error) };
  const shell = { id, label: definition.name, required, description: description || undefined, error };
  const options = definition.options ?? [];

  switch (definition.type) {
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
          <CheckboxListInput {...control} value={asList(value)} onChange={onChange} options={options} />
        </FieldShell>
      );
    case 'select':
      return (
        <FieldShell {...shell}>
          <SelectInput {...control} value={asText(value)} onChange={onChange} options={options} />
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
          <ImageUploadInput {...control} value={asText(value)} onChange={onChange} fieldKey={definition.key} onBusyChange={onBusyChange} />
        </FieldShell>
      );
    case 'media':
    case 'list_media':
      return (
        <FieldShell {...shell} group>
          <MediaInput {...control} value={asList(value)} onChange={onChange} fieldKey={definition.key} onBusyChange={onBusyChange} />
        </FieldShell>
      );
    case 'product':
      return (
        <FieldShell {...shell}>
          <ProductPicker {...control} value={asText(value)} onChange={onChange} />
        </FieldShell>
      );
    case 'terms':
      // The box's own label is the field's name ("I agree to…"), as on the registration form.
      return (
        <div>
          {description && (
            <p id={descriptionId(id)} className="mb-2 text-sm text-gray-500">
              {description}
            </p>
          )}
          <TermsInput {...control} value={value === true} onChange={onChange} label={required ? definition.name : `${definition.name}${t('editor.optionalSuffix')}`} link={definition.link ?? ''} />
          <FieldError id={errorId(id)} message={error} />
        </div>
      );
    case 'video':
      return (
        <FieldShell {...shell}>
          <input
            ref={inputRef}
            id={id}
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v="
            value={asText(value)}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            aria-invalid={invalid || undefined}
            aria-describedby={control.describedBy}
            className={inputClass(invalid)}
          />
          {asText(value) && (
            <div className="mt-3">
              <YoutubeVideo link={asText(value)} title={definition.name} />
            </div>
          )}
        </FieldShell>
      );
    case 'date':
    case 'date_time':
    case 'url':
      return (
        <FieldShell {...shell}>
          <input
            ref={inputRef}
            id={id}
            type={definition.type === 'date' ? 'date' : definition.type === 'date_time' ? 'datetime-local' : 'url'}
            placeholder={definition.type === 'url' ? definition.link || 'https://' : undefined}
            value={asText(value)}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            aria-invalid={invalid || undefined}
            aria-describedby={control.describedBy}
            className={inputClass(invalid)}
          />
        </FieldShell>
      );
    default:
      return (
        <FieldShell {...shell}>
          <TextInput {...control} value={asText(value)} onChange={onChange} />
        </FieldShell>
      );
  }
}
