import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorMessage } from '../error-message.ts';
import { toastSaved } from '../toast.tsx';
import { serverFieldErrors } from './server-field-errors.ts';

export type SaveState = { kind: 'idle' } | { kind: 'saved' } | { kind: 'failed'; message: string; hasFieldErrors: boolean };

/** A form's submit, and why its last save failed ('' when it did not). */
export interface FormSubmit {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  failure: string;
}

interface FormSaveOptions<V extends FieldValues, T, A> {
  save: (values: T) => Promise<A>;
  /** What a stored answer changes: the form shows it, or the editor closes. */
  onSaved?: (answer: A) => void;
  /** The toast of a stored save, naming what was saved ("Delivery zone saved"). */
  savedText: string;
  /** The failure shown when fields are marked, in the form's own words. */
  fixFields: string;
  /** Translates the English messages of the server and the schema. */
  messageText: (message: string) => string;
  /** A 409 names no field; its message is shown under this one (a taken name, a known e-mail). */
  conflictField?: Path<V>;
  /** No toast: a save bar saving several forms tells the outcome once. */
  quiet?: boolean;
}

/**
 * The one save of every form: submits through `save`, toasts what was saved, and keeps how it went. The forms name
 * their fields by the schema's paths, so a 400's field errors land under their fields; the failure
 * then only asks to fix them, as it does when the form's own check fails. Other failures say the
 * error's message.
 */
export function useFormSave<V extends FieldValues, T, A>(
  form: UseFormReturn<V, unknown, T>,
  { save, onSaved, savedText, fixFields, messageText, conflictField, quiet = false }: FormSaveOptions<V, T, A>,
) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const onSubmit = form.handleSubmit(
    async (values) => {
      setState({ kind: 'idle' });
      try {
        const answer = await save(values);
        onSaved?.(answer);
        // What is on screen is stored now: no longer an unsaved edit (onSaved may have shown the server's answer).
        form.reset(form.getValues());
        setState({ kind: 'saved' });
        if (!quiet) toastSaved(savedText);
      } catch (error) {
        const fieldErrors = serverFieldErrors(error, conflictField);
        for (const [path, message] of fieldErrors) form.setError(path as Path<V>, { type: 'server', message });
        setState({ kind: 'failed', message: fieldErrors.length ? fixFields : errorMessage(error), hasFieldErrors: fieldErrors.length > 0 });
      }
    },
    () => setState({ kind: 'failed', message: fixFields, hasFieldErrors: true }),
  );
  const failure = state.kind === 'failed' ? messageText(state.message) : '';
  return { onSubmit, failure, state, setState };
}
