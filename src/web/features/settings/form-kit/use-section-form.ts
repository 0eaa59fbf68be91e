import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { errorMessage } from '../../../components/error-message.ts';
import { toastSaveFailed, toastSaved } from '../../../components/toast.tsx';
import { serverFieldErrors } from './server-field-errors.ts';

/** A section's schema: a shared one whose form values are the body of the section's call. */
export type SectionSchema = z.ZodType<FieldValues, FieldValues>;

export type SaveState = { kind: 'idle' } | { kind: 'saved' } | { kind: 'failed'; message: string; hasFieldErrors: boolean };

export interface SectionFormOptions<S extends SectionSchema> {
  schema: S;
  values: z.input<S>;
  /** Sends the checked values; answers what the server stored, which the form shows from then on. */
  save: (values: z.output<S>) => Promise<z.input<S> | void>;
  /** A 409 names no field; its message is shown under this one (a taken name, a known e-mail). */
  conflictField?: Path<z.input<S>>;
}

/**
 * Load, save, success and error for one settings section. The form's values have the shape of the
 * call's body, so the paths of a 400's `errors` ('colors.indigo600', 'shipFromAddress.state') are
 * the form's field names and land under their fields.
 */
export function useSectionForm<S extends SectionSchema>({ schema, values, save, conflictField }: SectionFormOptions<S>) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues: values as DefaultValues<z.input<S>>,
  });

  const onSubmit = form.handleSubmit(
    async (checked) => {
      setState({ kind: 'idle' });
      try {
        const stored = await save(checked);
        form.reset((stored ?? checked) as z.input<S>);
        setState({ kind: 'saved' });
        toastSaved();
      } catch (error) {
        const fieldErrors = serverFieldErrors(error, conflictField);
        for (const [path, message] of fieldErrors) form.setError(path as Path<z.input<S>>, { type: 'server', message });
        setState({ kind: 'failed', message: errorMessage(error), hasFieldErrors: fieldErrors.length > 0 });
        toastSaveFailed();
      }
    },
    () => setState({ kind: 'failed', message: '', hasFieldErrors: true }),
  );

  return { form, onSubmit, state };
}
