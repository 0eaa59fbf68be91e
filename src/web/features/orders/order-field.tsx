import { useId, type InputHTMLAttributes } from 'react';
import { get, useFormContext, type FieldError } from 'react-hook-form';
import { AlertText } from '#web/components/alert-text.tsx';
import { controlClass } from '#web/components/form/input-style.ts';
import { describedByOf, errorIdOf, FieldFrame } from '#web/components/form/field-frame.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';

/** An emptied number field is NaN, which the schemas refuse with "Required field" (not a silent 0). */
const toNumber = (value: unknown) => (value === '' || value === null || value === undefined ? NaN : Number(value));

/** The register() props and the translated message of one field of the order forms. */
function useOrderInput(name: string, numeric: boolean) {
  const { register, formState } = useFormContext();
  const text = useMessageText('orders');
  const error = text((get(formState.errors, name) as FieldError | undefined)?.message);
  return { error, registration: register(name, numeric ? { setValueAs: toNumber } : {}) };
}

interface OrderFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  label: string;
  hint?: string;
  numeric?: boolean;
}

/** A labelled input of the fulfil and commission forms, its message (ours or the server's) under it. */
export function OrderField({ name, label, hint, numeric = false, className = '', ...rest }: OrderFieldProps) {
  const id = useId();
  const { error, registration } = useOrderInput(name, numeric);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <input
        id={id}
        type={numeric ? 'number' : 'text'}
        className={controlClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, hint, error)}
        {...rest}
        {...registration}
      />
    </FieldFrame>
  );
}

/** A table cell's number input (labelled for screen readers, as the row says what it is), with its message under it. */
export function NumberCell({ name, label, min, max }: { name: string; label: string; min: number; max: number }) {
  const id = `cell-${name.replaceAll('.', '-')}`;
  const { error, registration } = useOrderInput(name, true);
  return (
    <td className="px-3 py-2 align-top">
      <input
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        max={max}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, undefined, error)}
        className={`${controlClass} max-w-28`}
        {...registration}
      />
      <AlertText id={errorIdOf(id)} className="mt-1 max-w-48 text-xs">
        {error}
      </AlertText>
    </td>
  );
}
