import type { ReactNode } from 'react';
import { translateMessage } from '../i18n/index.ts';

/** An error a screen reader announces when it appears; messages are translated when we know them. */
export function AlertText({ id, children, className = '' }: { id?: string; children: ReactNode; className?: string }) {
  if (children == null || children === '' || children === false) return null;
  return (
    <p id={id} role="alert" className={`text-sm text-red-700 ${className}`}>
      {typeof children === 'string' ? translateMessage(children) : children}
    </p>
  );
}
