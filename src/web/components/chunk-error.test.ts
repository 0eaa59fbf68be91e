import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-error.ts';

describe('isChunkLoadError', () => {
  it('knows each browser’s words for a screen whose code did not load', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/app/assets/orders-page-1a2b.js',
      'error loading dynamically imported module: http://x/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /app/assets/a.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
  });

  it('leaves other errors to the error page', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
