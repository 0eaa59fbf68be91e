import type { ReactNode } from 'react';
import { FileUploadInput } from '../media/file-upload-input.tsx';
import { ImageUploadInput } from '../media/image-upload-input.tsx';
import { MediaInput } from '../media/media-input.tsx';
import { CheckboxListInput } from './checkbox-list-input.tsx';
import { FieldError } from './field-error.tsx';
import { FieldShell, describedBy as describedByFor, descriptionId, errorId, type FieldShellProps } from './field-shell.tsx';
import { RichTextInput } from './rich-text-input.tsx';
import { SelectInput } from './select-input.tsx';
import { TermsInput } from './terms-input.tsx';
import { TextInput } from './text-input.tsx';
import { TextareaInput } from './textarea-input.tsx';
import { YoutubeVideo } from './youtube-video.tsx';

/** An answer to a field definition: text, a list (choices, media), or a yes (terms). */
export type DefinitionFieldValue = string | string[] | boolean;

const asText = (value: DefinitionFieldValue) => (typeof value === 'string' ? value : '');
const asList = (value: DefinitionFieldValue) => (Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []);

/** What a caller's own rendering of a type gets: the control's and the shell's props, and the answer read both ways. */
export interface DefinitionFieldParts {
  control: {
    id: string;
    name: string;
    onBlur: () => void;
    inputRef: (element: HTMLElement | null) => void;
    invalid: boolean;
    describedBy?: string;
  };
  shell: Omit<FieldShellProps, 'children' | 'group'>;
  text: string;
  list: string[];
}

export interface DefinitionFieldInputProps {
  /** The definition's type: registration field types and metafield types. */
  type: string;
  /** The definition's key (upload paths of images and media). */
  fieldKey: string;
  /** The definition's name: the video's title. */
  title: string;
  /** The control's name attribute. */
  name: string;
  /** The label above the control, in the reader's language. */
  label: string;
  /** The terms box's own label (no separate heading above it). */
  termsLabel: string;
  required: boolean;
  /** The description as people read it; empty for none. */
  description?: string;
  options: string[];
  link: string;
  id: string;
  value: DefinitionFieldValue;
  onChange: (value: DefinitionFieldValue) => void;
  onBlur: () => void;
  inputRef: (element: HTMLElement | null) => void;
  /** Already in the reader's language. */
  error?: string;
  /** The store uploads go to, where the reader is not signed in (registration). */
  store?: string;
  onBusyChange: (busy: boolean) => void;
  /** The caller's own renderings of some types (product picker, dates, URLs, …), in place of the shared ones. */
  renderers?: Partial<Record<string, (parts: DefinitionFieldParts) => ReactNode>>;
}

/**
 * One field rendered as its definition's type says, with the app's field controls (spec:
 * "Registration field renderings"); the registration form, the product editor's metafields and the
 * vendor page share it. Types it does not know are single-line text.
 */
export function DefinitionFieldInput(props: DefinitionFieldInputProps) {
  const {
    type,
    fieldKey,
    title,
    name,
    label,
    termsLabel,
    required,
    options,
    link,
    id,
    value,
    onChange,
    onBlur,
    inputRef,
    error,
    store,
    onBusyChange,
    renderers,
  } = props;
  const description = props.description || undefined;
  const invalid = Boolean(error);
  const control = { id, name, onBlur, inputRef, invalid, describedBy: describedByFor(id, description, error) };
  const shell = { id, label, required, description, error };
  const text = asText(value);
  const list = asList(value);

  const custom = renderers?.[type];
  if (custom) return <>{custom({ control, shell, text, list })}</>;

  switch (type) {
    case 'textarea':
      return (
        <FieldShell {...shell}>
          <TextareaInput {...control} value={text} onChange={onChange} />
        </FieldShell>
      );
    case 'richtext':
      return (
        <FieldShell {...shell}>
          <RichTextInput {...control} value={text} onChange={onChange} />
        </FieldShell>
      );
    case 'checkbox':
      return (
        <FieldShell {...shell} group>
          <CheckboxListInput {...control} value={list} onChange={onChange} options={options} />
        </FieldShell>
      );
    case 'select':
      return (
        <FieldShell {...shell}>
          <SelectInput {...control} value={text} onChange={onChange} options={options} />
        </FieldShell>
      );
    case 'file':
      return (
        <FieldShell {...shell} group>
          <FileUploadInput {...control} value={text} onChange={onChange} store={store} onBusyChange={onBusyChange} />
        </FieldShell>
      );
    case 'image':
      return (
        <FieldShell {...shell} group>
          <ImageUploadInput {...control} value={text} onChange={onChange} fieldKey={fieldKey} store={store} onBusyChange={onBusyChange} />
        </FieldShell>
      );
    case 'media':
    case 'list_media':
      return (
        <FieldShell {...shell} group>
          <MediaInput {...control} value={list} onChange={onChange} fieldKey={fieldKey} store={store} onBusyChange={onBusyChange} />
        </FieldShell>
      );
    case 'video':
      // Shows the store's video; there is nothing to answer.
      return (
        <div>
          <p className="block text-sm font-medium text-gray-900">{title}</p>
          {description && <p className="mt-1 text-sm text-gray-500">{description}</p>}
          <div className="mt-2">
            <YoutubeVideo link={link} title={title} />
          </div>
        </div>
      );
    case 'terms':
      // The box's own label is the field's name ("I agree to…"); no separate heading above it.
      return (
        <div>
          {description && (
            <p id={descriptionId(id)} className="mb-2 text-sm text-gray-500">
              {description}
            </p>
          )}
          <TermsInput {...control} value={value === true} onChange={onChange} label={termsLabel} link={link} />
          <FieldError id={errorId(id)} message={error} />
        </div>
      );
    default:
      return (
        <FieldShell {...shell}>
          <TextInput {...control} value={text} onChange={onChange} />
        </FieldShell>
      );
  }
}
