import { useMessageText } from './message-text.ts';

/**
 * A missing or invalid answer, in orange under its field (the spec's colour for "Required field").
 * role="alert" so screen readers announce it when it appears on submit.
 */
export function FieldError({ id, message }: { id: string; message?: string }) {
  const text = useMessageText();
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-orange-600">
      {text(message)}
    </p>
  );
}
