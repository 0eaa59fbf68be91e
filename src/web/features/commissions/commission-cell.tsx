import { get, useFormContext, type FieldError } from 'react-hook-form';
import { controlClass } from '#web/components/form/input-style.ts';
import { describedByOf, errorIdOf } from '#web/components/form/field-frame.tsx';
import { AlertText } from '#web/components/alert-text.tsx';
import { numberOrNull } from './commission-form.ts';
import { useMessageText } from '#web/components/form/message-text.ts';
import { COMMISSION_MESSAGES } from './commission-messages.ts';

/**
 * One cell of the lines table: its input (labelled for screen readers) and its message right under it.
 * An amount is kept as the text typed (the API's amount text), a percentage as a number.
 */
export function CommissionCell({
  name,
  label,
  kind,
  placeholder,
}: {
  name: string;
  label: string;
  kind: 'amount' | 'percentage' | 'text';
  placeholder?: string;
}) {
  const numeric = kind === 'percentage';
  const { register, formState } = useFormContext();
  const text = useMessageText('commissions', COMMISSION_MESSAGES);
  const error = text((get(formState.errors, name) as FieldError | undefined)?.message);
  const id = `cell-${name.replaceAll('.', '-')}`;
  return (
    <td className="px-1.5 py-2 align-top">
      <input
        id={id}
        type={numeric ? 'number' : 'text'}
        inputMode={kind === 'text' ? undefined : 'decimal'}
        step={numeric ? '0.0001' : undefined}
        min={numeric ? 0 : undefined}
        aria-label={label}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, undefined, error)}
        className={`${controlClass} min-w-24`}
        {...register(name, numeric ? { setValueAs: numberOrNull } : {})}
      />
      <AlertText id={errorIdOf(id)} className="mt-1 max-w-56 text-xs">
        {error}
      </AlertText>
    </td>
  );
}
