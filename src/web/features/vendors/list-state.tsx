import type { ReactNode } from 'react';
import { AlertText } from '#web/components/alert-text.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';

/** Loading, failed or empty: what a list shows instead of its items. Null when there are items to show. */
export function ListState({
  isLoading,
  error,
  isEmpty,
  empty,
}: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  empty: ReactNode;
}) {
  if (isLoading) return <LoadingBlock />;
  if (error) return <AlertText>{errorMessage(error)}</AlertText>;
  if (!isEmpty) return null;
  return (
    <div className="rounded-lg border-2 border-dashed border-gray-300 bg-white px-6 py-12 text-center text-sm text-gray-600">{empty}</div>
  );
}
