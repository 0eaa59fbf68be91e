import type { ReactNode } from 'react';

/** The white panel of the entry screens; `medium` is the sign-in card width. */
export function Card({
  children,
  width = 'medium',
  className = '',
}: {
  children: ReactNode;
  width?: 'medium' | 'large';
  className?: string;
}) {
  const max = width === 'medium' ? 'max-w-md' : 'max-w-2xl';
  return (
    <div className={`w-full ${max} rounded-lg bg-white px-6 py-8 shadow-sm ring-1 ring-gray-900/5 sm:px-10 ${className}`}>{children}</div>
  );
}
