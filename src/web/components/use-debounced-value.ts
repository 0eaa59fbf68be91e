import { useEffect, useState } from 'react';

/** How long typing must pause before a search box writes its search. */
export const SEARCH_DELAY_MS = 300;

/** The value once it has stopped changing for `delayMs`: a search runs when the typing pauses. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
