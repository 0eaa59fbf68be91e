import type { ControlProps } from './control-props.ts';
import { inputClass } from './input-style.ts';

export type TextInputProps = Omit<ControlProps<string>, 'name'> & {
  /** Left out where the form keeps the answer by position rather than by a named input. */
  name?: string;
  /** text is the default rendering; the others use the browser's own pickers and keyboards. */
  type?: 'text' | 'email' | 'date' | 'datetime-local' | 'url';
  autoComplete?: string;
  inputMode?: 'url';
  placeholder?: string;
};

/** A single-line answer: text (the default), e-mail, date, date and time, or URL. */
export function TextInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  inputRef,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
}: TextInputProps) {
  return (
    <input
      ref={inputRef}
      id={id}
      name={name}
      type={type}
      value={value}
      autoComplete={autoComplete}
      inputMode={inputMode}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={inputClass(invalid)}
    />
  );
}
