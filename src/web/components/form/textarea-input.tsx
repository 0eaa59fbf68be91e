import type { ControlProps } from './control-props.ts';
import { inputClass } from './input-style.ts';

export function TextareaInput({ id, name, value, onChange, onBlur, invalid, describedBy, inputRef }: ControlProps<string>) {
  return (
    <textarea
      ref={inputRef}
      id={id}
      name={name}
      rows={4}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={inputClass(invalid)}
    />
  );
}
