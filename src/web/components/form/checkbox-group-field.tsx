import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { checkboxClass } from './input-style.ts';
import { FieldFrame } from './field-frame.tsx';
import { useFieldError } from './use-field-error.ts';

/** Several values among fixed options, stored as a list in the options' order. */
export function CheckboxGroupField({
  name,
  label,
  hint,
  options,
}: {
  name: string;
  label: string;
  hint?: string;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const chosen: string[] = Array.isArray(field.value) ? field.value : [];
        // Values the options do not know (set by an older version) are kept, after the known ones.
        const unknown = chosen.filter((value) => !options.some((o) => o.value === value));
        const toggle = (value: string, checked: boolean) =>
          field.onChange([...options.map((o) => o.value).filter((v) => (v === value ? checked : chosen.includes(v))), ...unknown]);
        return (
          <FieldFrame id={id} label={label} hint={hint} error={error} group>
            <ul className="grid gap-2 sm:grid-cols-2">
              {options.map((option, index) => (
                <li key={option.value} className="flex items-center gap-2">
                  <input
                    id={`${id}-${index}`}
                    type="checkbox"
                    ref={index === 0 ? field.ref : undefined}
                    checked={chosen.includes(option.value)}
                    onChange={(event) => toggle(option.value, event.target.checked)}
                    onBlur={field.onBlur}
                    className={checkboxClass}
                  />
                  <label htmlFor={`${id}-${index}`} className="text-sm text-gray-900">
                    {option.label}
                  </label>
                </li>
              ))}
            </ul>
          </FieldFrame>
        );
      }}
    />
  );
}
