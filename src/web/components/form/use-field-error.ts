import { get, useFormContext, type FieldError } from 'react-hook-form';
import { useMessageText } from './message-text.ts';

/**
 * The message to show under a field, translated. A list field can carry its own error or one per
 * item (a bad locale in a list of locales): the first one is shown.
 */
export function useFieldError(name: string): string {
  const { formState } = useFormContext();
  const text = useMessageText();
  const error = get(formState.errors, name) as (FieldError & { root?: FieldError }) | FieldError[] | undefined;
  if (!error) return '';
  const first = Array.isArray(error) ? error.find((item) => item?.message) : error.message ? error : error.root;
  return text(first?.message ? String(first.message) : '');
}
