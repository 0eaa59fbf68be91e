import { z } from 'zod';

/** A calendar day as every date field and filter sends it: YYYY-MM-DD, with no time and no zone. */
const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const CALENDAR_DATE_MESSAGES = {
  format: 'Must be a date like 2025-03-14',
  /** Well formed, but the calendar has no such day (2026-02-30, 2026-13-01). */
  noSuchDay: 'This day does not exist in the calendar',
} as const;

/** Whether the text is well formed and the day exists (no 30 February, no month 13, no day 0). */
export function isCalendarDate(day: string): boolean {
  const parts = SHAPE.exec(day);
  if (!parts) return false;
  const [year, month, date] = parts.slice(1).map(Number);
  // Date.UTC rolls an impossible day over into the next month (30 February = 2 March): compare back.
  const at = new Date(Date.UTC(year, month - 1, date));
  at.setUTCFullYear(year);
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
}

/**
 * A calendar day, refused with a clear message when malformed or impossible, never rolled over or
 * left to fail later as a 500. `format` names the example a form shows next to the field.
 */
export const calendarDate = (format: string = CALENDAR_DATE_MESSAGES.format) =>
  z
    .string()
    .regex(SHAPE, format)
    .refine((day) => !SHAPE.test(day) || isCalendarDate(day), CALENDAR_DATE_MESSAGES.noSuchDay);

export const CalendarDateSchema = calendarDate();

const INSTANT = z.iso.datetime({ offset: true });

/**
 * A calendar day, or an instant (ISO 8601 with its offset) for a client that knows the time too: the
 * same clear messages either way, the day of an instant checked like a day.
 */
export const CalendarDateOrInstantSchema = z.string().superRefine((value, ctx) => {
  const day = value.includes('T') ? value.slice(0, 10) : value;
  const dayIssues = CalendarDateSchema.safeParse(day).error?.issues ?? [];
  const message =
    dayIssues[0]?.message ?? (value.includes('T') && !INSTANT.safeParse(value).success ? CALENDAR_DATE_MESSAGES.format : null);
  if (message) ctx.addIssue({ code: 'custom', message });
});
