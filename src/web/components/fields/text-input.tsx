import type { ControlProps } from './control-props.ts';
import { inputClass } from './input-style.ts';

/** A single-line answer (the default rendering); `type` lets the form reuse it for the e-mail. */
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
}: ControlProps<string> & { type?: 'text' | 'email'; autoComplete?: string }) {
  return (
    <input
      ref={inputRef}
      id={id}
      name={name}
      type={type}
      value={value}
      autoComplete={autoComplete}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={inputClass(invalid)}
    />
  );
}
