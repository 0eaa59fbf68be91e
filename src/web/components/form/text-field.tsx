import { useId, type InputHTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import { controlClass } from './input-style.ts';
import { describedByOf, FieldFrame } from './field-frame.tsx';
import { useFieldError } from './use-field-error.ts';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  label: string;
  hint?: string;
  /** Numbers arrive as numbers; `nullable` turns an emptied field into null instead of NaN. */
  numeric?: 'number' | 'nullable';
  multiline?: boolean;
}

/** A labelled text, number, e-mail, URL or date input (or textarea) bound to the section's form. */
export function TextField({ name, label, hint, numeric, multiline = false, className = '', ...rest }: TextFieldProps) {
  const id = useId();
  const { register } = useFormContext();
  const error = useFieldError(name);
  const registration = register(name, {
    setValueAs: numeric
      ? (value: unknown) => (value === '' || value === null ? (numeric === 'nullable' ? null : NaN) : Number(value))
      : undefined,
  });
  const aria = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedByOf(id, hint, error) };
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {multiline ? (
        <textarea rows={3} className={controlClass} {...aria} {...registration} />
      ) : (
        <input type={numeric ? 'number' : 'text'} className={controlClass} {...aria} {...rest} {...registration} />
      )}
    </FieldFrame>
  );
}
