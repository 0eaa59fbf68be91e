import { describe, expect, it, vi } from 'vitest';
import type { PublicConfiguration } from 'swr/_internal';
import { errorRetryDelay, isSlowConnection, swrOptions } from './swr-options.ts';

describe('swrOptions', () => {
  it('has the spec’s timings on a normal connection', () => {
    expect(swrOptions('4g')).toMatchObject({
      dedupingInterval: 2000,
      focusThrottleInterval: 5000,
      errorRetryInterval: 5000,
      loadingTimeout: 3000,
      errorRetryCount: 0,
    });
    expect(swrOptions(undefined)).toMatchObject({ errorRetryInterval: 5000, loadingTimeout: 3000 });
  });

  it.each(['slow-2g', '2g', '3g'])('waits longer on %s', (type) => {
    expect(isSlowConnection(type)).toBe(true);
    expect(swrOptions(type)).toMatchObject({ errorRetryInterval: 10_000, loadingTimeout: 5000 });
  });

  it('does not retry past errorRetryCount', () => {
    vi.useFakeTimers();
    try {
      const revalidate = vi.fn();
      const config = { errorRetryCount: 0, errorRetryInterval: 5000 } as PublicConfiguration;
      swrOptions('4g').onErrorRetry!(new Error('x'), 'key', config, revalidate, { retryCount: 1, dedupe: true });
      vi.runAllTimers();
      expect(revalidate).not.toHaveBeenCalled();

      swrOptions('4g').onErrorRetry!(new Error('x'), 'key', { ...config, errorRetryCount: 3 }, revalidate, { retryCount: 1, dedupe: true });
      vi.runAllTimers();
      expect(revalidate).toHaveBeenCalledWith({ retryCount: 1 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('errorRetryDelay', () => {
  it('doubles per retry around the interval', () => {
    const middle = () => 0.5;
    expect(errorRetryDelay(1, 5000, middle)).toBe(10_000);
    expect(errorRetryDelay(2, 5000, middle)).toBe(20_000);
    expect(errorRetryDelay(3, 5000, middle)).toBe(40_000);
  });

  it('is capped at 2^8 times the interval (before jitter)', () => {
    const middle = () => 0.5;
    expect(errorRetryDelay(8, 5000, middle)).toBe(256 * 5000);
    expect(errorRetryDelay(20, 5000, middle)).toBe(256 * 5000);
    expect(errorRetryDelay(20, 5000, () => 0.999)).toBeLessThan(1.5 * 256 * 5000);
    expect(errorRetryDelay(20, 5000, () => 0)).toBe(128 * 5000);
  });
});
