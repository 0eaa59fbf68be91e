import type { ControlProps } from './control-props.ts';
import { inputClass } from './input-style.ts';

/** One choice among the options; the empty '-' option first means "not chosen yet". */
export function SelectInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  inputRef,
  options,
}: ControlProps<string> & { options: string[] }) {
  return (
    <select
      ref={inputRef}
      id={id}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={inputClass(invalid)}
    >
      <option value="">-</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}
