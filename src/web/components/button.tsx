import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';

const VARIANTS = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-800 focus-visible:outline-indigo-600 disabled:bg-indigo-600/60',
  /** The action that deletes or refuses, in a confirmation. */
  danger: 'bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700 disabled:bg-red-700/60',
  secondary: 'bg-white text-gray-900 ring-1 ring-inset ring-gray-300 hover:bg-gray-50 focus-visible:outline-indigo-600',
  /** For dark (indigo) bars. */
  light: 'bg-white/10 text-white hover:bg-white/20 focus-visible:outline-white',
} as const;

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  /** Shows a spinner and blocks a second submit while a call runs. */
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  loading = false,
  className = '',
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-semibold shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      {...rest}
    >
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
