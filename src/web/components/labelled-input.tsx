import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { AlertText } from './alert-text.tsx';

interface LabelledInputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's validation message, shown under it and tied to it for screen readers. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled single-line input for the entry screens; takes react-hook-form's register() props. */
export function LabelledInput({ label, error, id, className = '', ref, ...rest }: LabelledInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <input
        id={inputId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="mt-1.5 block w-full rounded-md bg-white px-3 py-2 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 aria-invalid:outline-red-600 sm:text-sm"
        {...rest}
      />
      <AlertText id={errorId} className="mt-1">
        {error}
      </AlertText>
    </div>
  );
}
