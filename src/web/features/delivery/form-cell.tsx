import { get, useFormContext, type FieldError } from 'react-hook-form';
import { AlertText } from '#web/components/alert-text.tsx';
import { controlClass } from '#web/components/form/input-style.ts';
import { describedByOf, errorIdOf } from '#web/components/form/field-frame.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';
import { DELIVERY_MESSAGES } from './delivery-messages.ts';

/**
 * A table cell's input (labelled for screen readers), with its message right under it. A `decimal`
 * cell (a price, a bound) keeps the text typed, as the API takes an amount, with a number keypad.
 */
export function FormCell({
  name,
  label,
  decimal = false,
  options,
}: {
  name: string;
  label: string;
  decimal?: boolean;
  options?: { value: string; label: string }[];
}) {
  const { register, formState } = useFormContext();
  const text = useMessageText('delivery', DELIVERY_MESSAGES);
  const error = text((get(formState.errors, name) as FieldError | undefined)?.message);
  const id = `cell-${name.replaceAll('.', '-')}`;
  const aria = {
    id,
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedByOf(id, undefined, error),
  };
  return (
    <td className="px-1.5 py-2 align-top">
      {options ? (
        <select className={`${controlClass} min-w-32`} {...aria} {...register(name)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          type="text"
          inputMode={decimal ? 'decimal' : undefined}
          className={`${controlClass} ${decimal ? 'min-w-20' : 'min-w-32'}`}
          {...aria}
          {...register(name)}
        />
      )}
      <AlertText id={errorIdOf(id)} className="mt-1 max-w-48 text-xs">
        {error}
      </AlertText>
    </td>
  );
}
