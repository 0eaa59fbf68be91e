import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { HttpError } from '../api/http-error.ts';
import { errorMessage } from './error-message.ts';
import { toastSaveFailed, toastSaved } from './toast.tsx';

type SaveState = { kind: 'idle' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/** A form's submit, and why its last save failed ('' when it did not). */
export interface FormSubmit {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  failure: string;
}

interface FormSaveOptions<T, A> {
  save: (values: T) => Promise<A>;
  /** What a stored answer changes: the form shows it, or the editor closes. */
  onSaved: (answer: A) => void;
  /** The failure shown when fields are marked, in the form's own words. */
  fixFields: string;
  /** Translates the English messages of the server and the schema. */
  messageText: (message: string) => string;
}

/**
 * Submits a form through `save` and keeps how it went. The forms name their fields by the
 * schema's paths, so a 400's field errors land under their fields; the failure then only asks to
 * fix them, as it does when the form's own check fails. Other failures say the error's message.
 */
export function useFormSave<V extends FieldValues, T, A>(form: UseFormReturn<V, unknown, T>, { save, onSaved, fixFields, messageText }: FormSaveOptions<T, A>) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const onSubmit = form.handleSubmit(
    async (values) => {
      setState({ kind: 'idle' });
      try {
        onSaved(await save(values));
        // What is on screen is stored now: no longer an unsaved edit (onSaved may have shown the server's answer).
        form.reset(form.getValues());
        setState({ kind: 'saved' });
        toastSaved();
      } catch (error) {
        const fieldErrors = error instanceof HttpError ? Object.entries(error.fieldErrors) : [];
        for (const [path, message] of fieldErrors) form.setError(path as Path<V>, { type: 'server', message });
        setState({ kind: 'failed', message: fieldErrors.length ? fixFields : errorMessage(error) });
        toastSaveFailed();
      }
    },
    () => setState({ kind: 'failed', message: fixFields }),
  );
  const failure = state.kind === 'failed' ? messageText(state.message) : '';
  return { onSubmit, failure, state, setState };
}
