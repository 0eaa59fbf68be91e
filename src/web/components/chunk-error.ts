/**
 * A screen's code could not be fetched: after a deploy (the old hashed file is gone) or offline.
 * Browsers word it differently: Chromium, Firefox, Safari, and Vite's CSS preload.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}
