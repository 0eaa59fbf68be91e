import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { FieldError } from './field-error.tsx';
import { errorId as errorIdOf } from './field-shell.tsx';
import { controlClass } from './input-style.ts';

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
  const errorId = errorIdOf(inputId);
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
        className={`mt-1.5 ${controlClass}`}
        {...rest}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
