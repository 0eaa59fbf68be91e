import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from './field-error.tsx';

export interface FieldShellProps {
  /** The control's id: the label points at it, and the description and error ids derive from it. */
  id: string;
  label: string;
  required: boolean;
  description?: string;
  error?: string;
  /** Groups of controls (checkbox lists, uploads with several buttons) get a fieldset and legend. */
  group?: boolean;
  children: ReactNode;
}

export const labelId = (id: string) => `${id}-label`;
export const descriptionId = (id: string) => `${id}-description`;
export const errorId = (id: string) => `${id}-error`;

/** The ids a control lists in aria-describedby: its description and its current error. */
export function describedBy(id: string, description?: string, error?: string) {
  return [description ? descriptionId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ') || undefined;
}

/** Label (with " (optional)" when not required), description, the control, and its error. */
export function FieldShell({ id, label, required, description, error, group, children }: FieldShellProps) {
  const { t } = useTranslation('registration');
  const caption = (
    <>
      {label}
      {!required && <span className="font-normal text-gray-500">{t('optionalSuffix')}</span>}
    </>
  );
  const details = (
    <>
      {description && (
        <p id={descriptionId(id)} className="mt-1 text-sm text-gray-500">
          {description}
        </p>
      )}
      <div className="mt-2">{children}</div>
      <FieldError id={errorId(id)} message={error} />
    </>
  );
  if (group) {
    return (
      <fieldset aria-describedby={describedBy(id, description, error)}>
        <legend id={labelId(id)} className="block text-sm font-medium text-gray-900">{caption}</legend>
        {details}
      </fieldset>
    );
  }
  return (
    <div>
      <label id={labelId(id)} htmlFor={id} className="block text-sm font-medium text-gray-900">
        {caption}
      </label>
      {details}
    </div>
  );
}
