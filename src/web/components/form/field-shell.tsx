import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from './field-error.tsx';

export interface FieldShellProps {
  /** The control's id: the label points at it, and the description and error ids derive from it. */
  id: string;
  label: string;
  /** An answer the form needs; when false the label says " (optional)". */
  required: boolean;
  /** Notes above the control. */
  description?: string;
  /** A short note under the control (settings fields). */
  hint?: string;
  error?: string;
  /** Groups of controls (checkbox lists, uploads with several buttons) get a fieldset and legend. */
  group?: boolean;
  className?: string;
  children: ReactNode;
}

export const labelId = (id: string) => `${id}-label`;
export const descriptionId = (id: string) => `${id}-description`;
export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** The ids a control lists in aria-describedby: its description, its hint and its current error. */
export function describedBy(id: string, description?: string, error?: string, hint?: string) {
  return [description ? descriptionId(id) : '', hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ') || undefined;
}

/** Every form field's frame: label (with " (optional)" when not required), description, the control, hint, and its error in orange. */
export function FieldShell({ id, label, required, description, hint, error, group, className, children }: FieldShellProps) {
  const { t } = useTranslation('common');
  const caption = (
    <>
      {label}
      {!required && <span className="font-normal text-gray-500">{t('form.optionalSuffix')}</span>}
    </>
  );
  const details = (
    <>
      {description && (
        <p id={descriptionId(id)} className="mt-1 text-sm text-gray-500">
          {description}
        </p>
      )}
      <div className={description ? 'mt-2' : 'mt-1.5'}>{children}</div>
      {hint && (
        <p id={hintId(id)} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      <FieldError id={errorId(id)} message={error} />
    </>
  );
  if (group) {
    return (
      <fieldset className={className} aria-describedby={describedBy(id, description, error, hint)}>
        <legend id={labelId(id)} className="block text-sm font-medium text-gray-900">
          {caption}
        </legend>
        {details}
      </fieldset>
    );
  }
  return (
    <div className={className}>
      <label id={labelId(id)} htmlFor={id} className="block text-sm font-medium text-gray-900">
        {caption}
      </label>
      {details}
    </div>
  );
}
