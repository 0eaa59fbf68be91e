import { describe, expect, it } from 'vitest';
import { CalendarDateOrInstantSchema, CalendarDateSchema, isCalendarDate } from './calendar-date.ts';

describe('calendar dates', () => {
  it('takes real days, leap days included', () => {
    for (const day of ['2026-01-31', '2024-02-29', '2000-02-29', '2026-12-31', '0099-03-01']) expect(isCalendarDate(day), day).toBe(true);
  });

  it('refuses impossible days with their own message, and malformed text with the format', () => {
    for (const day of ['2026-02-30', '2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00']) {
      expect(
        CalendarDateSchema.safeParse(day).error?.issues.map((i) => i.message),
        day,
      ).toEqual(['This day does not exist in the calendar']);
    }
    for (const day of ['2026-2-3', '26-02-03', '2026-02-03T00:00:00Z', '']) {
      expect(
        CalendarDateSchema.safeParse(day).error?.issues.map((i) => i.message),
        day,
      ).toEqual(['Must be a date like 2025-03-14']);
    }
  });

  it('takes an instant with its offset too, its day checked like a day', () => {
    const messages = (value: string) => CalendarDateOrInstantSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(messages('2026-02-28')).toEqual([]);
    expect(messages('2026-02-28T10:00:00Z')).toEqual([]);
    expect(messages('2026-02-28T10:00:00+01:00')).toEqual([]);
    expect(messages('2026-02-30T10:00:00Z')).toEqual(['This day does not exist in the calendar']);
    expect(messages('2026-02-28T25:00:00Z')).toEqual(['Must be a date like 2025-03-14']);
    expect(messages('yesterday')).toEqual(['Must be a date like 2025-03-14']);
  });
});
