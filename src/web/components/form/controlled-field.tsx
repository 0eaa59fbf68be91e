import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldPathValue, type FieldValues } from 'react-hook-form';
import type { ControlProps } from './control-props.ts';
import { describedBy, FieldShell, type FieldShellProps } from './field-shell.tsx';

export type ControlledFieldProps<Values extends FieldValues, Name extends FieldPath<Values>, Transformed> = Omit<
  FieldShellProps,
  'error' | 'children'
> & {
  control: Control<Values, unknown, Transformed>;
  name: Name;
  /** Translates the field's message where the form's own validation speaks English (the product editor). */
  errorText?: (message: string) => string;
  /** The control, given what the form knows of the field; anything else it returns shows under it in the shell. */
  children: (props: ControlProps<FieldPathValue<Values, Name>>) => ReactNode;
};

/** A form field in its shell (label, description, error), wired to react-hook-form by name. */
export function ControlledField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed = Values>({
  control,
  name,
  errorText,
  children,
  ...shell
}: ControlledFieldProps<Values, Name, Transformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        const error = message && errorText ? errorText(message) : message;
        return (
          <FieldShell {...shell} error={error}>
            {children({
              id: shell.id,
              name: field.name,
              value: field.value,
              onChange: field.onChange,
              onBlur: field.onBlur,
              inputRef: field.ref,
              invalid: fieldState.invalid,
              describedBy: describedBy(shell.id, shell.description, error),
            })}
          </FieldShell>
        );
      }}
    />
  );
}
