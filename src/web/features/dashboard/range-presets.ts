import { addDays } from '#shared/days';

export const RANGE_PRESETS = ['last7', 'last30', 'last90', 'thisMonth', 'last12Months', 'thisYear'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The days of a preset, ending today on the store's clock (today is a day string in its time zone). */
export function presetRange(preset: RangePreset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last12Months':
      return { from: addDays(`${Number(today.slice(0, 4)) - 1}${today.slice(4)}`, 1), to: today };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The change from the previous period in percent, rounded; null when there was nothing before to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}
