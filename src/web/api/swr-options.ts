import type { SWRConfiguration } from 'swr';

/** The exponent cap of the error-retry backoff (at most 2^8 times the interval). */
const MAX_BACKOFF_EXPONENT = 8;

export function isSlowConnection(effectiveType: string | undefined): boolean {
  return effectiveType === 'slow-2g' || effectiveType === '2g' || effectiveType === '3g';
}

/** The wait before retry number `retryCount` (1-based): interval × 2^n, n capped at 8, with ±50 % jitter. */
export function errorRetryDelay(retryCount: number, interval: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(retryCount, 0), MAX_BACKOFF_EXPONENT);
  return Math.floor((random() + 0.5) * 2 ** exponent) * interval;
}

/** The data cache's timings; retries are off (count 0) unless a hook asks for them. */
export function swrOptions(effectiveType: string | undefined): SWRConfiguration {
  const slow = isSlowConnection(effectiveType);
  return {
    dedupingInterval: 2000,
    focusThrottleInterval: 5000,
    errorRetryInterval: slow ? 10_000 : 5000,
    loadingTimeout: slow ? 5000 : 3000,
    errorRetryCount: 0,
    onErrorRetry: (_error, _key, config, revalidate, { retryCount }) => {
      if (config.errorRetryCount !== undefined && retryCount > config.errorRetryCount) return;
      setTimeout(() => void revalidate({ retryCount }), errorRetryDelay(retryCount, config.errorRetryInterval));
    },
  };
}

/** navigator.connection is not in every browser (nor in TypeScript's DOM types). */
export function currentEffectiveType(): string | undefined {
  return (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType;
}
