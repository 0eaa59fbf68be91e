import type { ControlProps } from '../form/control-props.ts';
import { labelId } from '../form/field-shell.tsx';
import { fileInput } from './file-input-style.ts';

export type FilePickerProps = Pick<ControlProps<unknown>, 'id' | 'name' | 'invalid' | 'describedBy' | 'inputRef'> & {
  accept: string;
  multiple?: boolean;
  className?: string;
  onPick: (files: File[]) => void;
};

/** The native file picker of an upload field, labelled by the field's label (a legend, as the field is a group). */
export function FilePickerInput({
  id,
  name,
  invalid,
  describedBy,
  inputRef,
  accept,
  multiple,
  className = fileInput,
  onPick,
}: FilePickerProps) {
  return (
    <input
      ref={inputRef}
      id={id}
      name={name}
      type="file"
      accept={accept}
      multiple={multiple}
      aria-labelledby={labelId(id)}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onChange={(event) => {
        const files = Array.from(event.target.files ?? []);
        // Cleared, so that picking the same file again (after a reset or a failure) is a change.
        event.target.value = '';
        if (files.length) onPick(multiple ? files : files.slice(0, 1));
      }}
      className={className}
    />
  );
}
