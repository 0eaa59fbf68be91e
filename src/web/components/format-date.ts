import { i18next } from '../i18n/index.ts';

/**
 * Every date and time the back-office shows goes through here, so one language shows one format
 * everywhere: a moment "12 May 2026, 10:04", a day "12 May 2026", a chart's axis "12 May". The
 * language is the user's (the interface language), unless a caller names another.
 */

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
const SHORT_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };

/** An unreadable value is shown as it came rather than as "Invalid Date" or an exception. */
function format(value: string, options: Intl.DateTimeFormatOptions, language: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(language, options).format(date);
}

/** A moment in the reader's language, e.g. "12 May 2026, 10:04". */
export function formatDateTime(iso: string, language = i18next.language): string {
  return format(iso, DATE_TIME, language);
}

/** The day of a moment in the reader's language and time zone, e.g. "12 May 2026". */
export function formatDate(iso: string, language = i18next.language): string {
  return format(iso, DATE, language);
}

/** A moment of today: its time only, e.g. "10:04"; an earlier one in full (a conversation's messages). */
export function formatRecent(iso: string, language = i18next.language, now = new Date()): string {
  return new Date(iso).toDateString() === now.toDateString() ? format(iso, TIME, language) : formatDateTime(iso, language);
}

/** A calendar day ("2026-05-12", a store-clock date, so read as UTC), e.g. "12 May 2026". */
export function formatDay(day: string, language = i18next.language): string {
  return format(`${day}T00:00:00Z`, { ...DATE, timeZone: 'UTC' }, language);
}

/** A calendar day on a chart's axis, e.g. "12 May". */
export function formatShortDay(day: string, language = i18next.language): string {
  return format(`${day}T00:00:00Z`, { ...SHORT_DAY, timeZone: 'UTC' }, language);
}
