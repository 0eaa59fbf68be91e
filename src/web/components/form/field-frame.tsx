import type { ReactNode } from 'react';
import { describedBy, errorId, FieldShell, hintId } from './field-shell.tsx';

export const errorIdOf = errorId;
export const hintIdOf = hintId;

/** aria-describedby of a control with a hint under it: its hint and its current error. */
export function describedByOf(id: string, hint?: string, error?: string) {
  return describedBy(id, undefined, error, hint);
}

/** A field whose label needs no " (optional)" (settings, tables' cells): the shared shell with a hint under the control. */
export function FieldFrame({
  group = false,
  ...props
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  group?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return <FieldShell {...props} required group={group} />;
}
