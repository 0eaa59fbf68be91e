import type { ControlProps } from './control-props.ts';
import { inputClass } from './input-style.ts';

export type NativeInputProps = Omit<ControlProps<string>, 'name'> & {
  /** Left out where the form keeps the answer by position rather than by a named input. */
  name?: string;
  type: 'date' | 'datetime-local' | 'url';
  inputMode?: 'url';
  placeholder?: string;
};

/** Date, date and time, and URL answers: the browser's own pickers and keyboard handling. */
export function NativeInput({ id, name, value, onChange, onBlur, invalid, describedBy, inputRef, type, inputMode, placeholder }: NativeInputProps) {
  return (
    <input
      ref={inputRef}
      id={id}
      name={name}
      type={type}
      inputMode={inputMode}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={inputClass(invalid)}
    />
  );
}
