import { useId } from 'react';
import { Field, Label, Description, Switch } from '@headlessui/react';
import { Controller, useFormContext } from 'react-hook-form';
import { FieldError } from './field-error.tsx';
import { useFieldError } from './use-field-error.ts';

/** An on/off setting: a switch (Space toggles it) with its label and an optional hint. */
export function ToggleField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field className="flex items-start justify-between gap-4">
          <span className="flex flex-col">
            <Label className="text-sm font-medium text-gray-900">{label}</Label>
            {hint && <Description className="text-xs text-gray-500">{hint}</Description>}
            <FieldError id={errorId} message={error} />
          </span>
          <Switch
            ref={field.ref}
            checked={Boolean(field.value)}
            onChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={error ? errorId : undefined}
            className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-gray-200 p-0.5 transition-colors duration-200 ease-in-out focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 data-checked:bg-indigo-600"
          >
            <span
              aria-hidden="true"
              className="size-5 translate-x-0 rounded-full bg-white shadow ring-0 transition duration-200 ease-in-out group-data-checked:translate-x-5"
            />
          </Switch>
        </Field>
      )}
    />
  );
}
