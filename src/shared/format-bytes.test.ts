import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 ** 2, '1 MB'],
    [20 * 1024 ** 2, '20 MB'],
    [1.25 * 1024 ** 3, '1.3 GB'],
    [1024 ** 4, '1 TB'],
    [2048 * 1024 ** 4, '2048 TB'],
  ])('shows %d bytes as %s (steps of 1024)', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it('takes the number of decimals', () => {
    expect(formatBytes(1.25 * 1024 ** 3, 2)).toBe('1.25 GB');
  });

  it('shows nonsense as 0 B', () => {
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });
});
