import type { ReactNode } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';

export const errorIdOf = (id: string) => `${id}-error`;
export const hintIdOf = (id: string) => `${id}-hint`;

/** aria-describedby of a control: its hint and its current error. */
export function describedByOf(id: string, hint?: string, error?: string) {
  return [hint ? hintIdOf(id) : '', error ? errorIdOf(id) : ''].filter(Boolean).join(' ') || undefined;
}

/** Label, control, hint and error of one settings field; groups get a fieldset and legend. */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  group = false,
  children,
  className = '',
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  group?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const details = (
    <>
      <div className="mt-1.5">{children}</div>
      {hint && (
        <p id={hintIdOf(id)} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      <AlertText id={errorIdOf(id)} className="mt-1">
        {error}
      </AlertText>
    </>
  );
  if (group) {
    return (
      <fieldset className={className} aria-describedby={describedByOf(id, hint, error)}>
        <legend className="block text-sm font-medium text-gray-900">{label}</legend>
        {details}
      </fieldset>
    );
  }
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      {details}
    </div>
  );
}
