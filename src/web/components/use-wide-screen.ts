import { useSyncExternalStore } from 'react';

/** The width from which lists are tables with their filters in view (Tailwind's `md`); below it, a phone's cards and drawer. */
const WIDE = '(min-width: 48rem)';

/** Whether the window is at least 768 px wide, following it as it turns or resizes. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => window.matchMedia(WIDE).matches,
  );
}
