import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { controlClass } from './input-style.ts';
import { describedByOf, FieldFrame } from './field-frame.tsx';
import { useFieldError } from './use-field-error.ts';

/** One value among fixed options; `options` pairs each stored value with its label. */
export function SelectField({
  name,
  label,
  hint,
  options,
  numeric = false,
}: {
  name: string;
  label: string;
  hint?: string;
  options: { value: string | number; label: string }[];
  /** The values are numbers (months, days): the form holds the chosen one as a number. */
  numeric?: boolean;
}) {
  const id = useId();
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, hint, error)}
        className={controlClass}
        {...register(name, { setValueAs: numeric ? (value: string) => Number(value) : undefined })}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
