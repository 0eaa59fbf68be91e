import { describe, expect, it, vi } from 'vitest';
import type { PublicConfiguration } from 'swr/_internal';
import { errorRetryDelay, isSlowConnection, swrOptions } from './swr-options.ts';

describe('swrOptions', () => {
  it.each(['slow-2g', '2g', '3g'])('waits longer on %s than on a normal connection before retrying or calling a load slow', (type) => {
    expect(isSlowConnection(type)).toBe(true);
    const [slow, normal] = [swrOptions(type), swrOptions('4g')];
    expect(slow.errorRetryInterval).toBeGreaterThan(normal.errorRetryInterval!);
    expect(slow.loadingTimeout).toBeGreaterThan(normal.loadingTimeout!);
    expect(swrOptions(undefined)).toMatchObject({ errorRetryInterval: normal.errorRetryInterval, loadingTimeout: normal.loadingTimeout });
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
