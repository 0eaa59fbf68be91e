import { describe, expect, it } from 'vitest';
import { changePercent, presetRange } from './range-presets.ts';

describe('dashboard ranges', () => {
  it('end today and count today in', () => {
    expect(presetRange('last7', '2026-03-31')).toEqual({ from: '2026-03-25', to: '2026-03-31' });
    expect(presetRange('last30', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange('thisMonth', '2026-03-31')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(presetRange('last12Months', '2026-03-31')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(presetRange('thisYear', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });

  it('compare with the period before, and not with nothing', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(10, 0)).toBeNull();
  });
});
