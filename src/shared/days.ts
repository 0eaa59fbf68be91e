/**
 * Calendar days ("2026-03-29") and the store's time zone. A day is a date on the store's wall
 * clock, never an instant: the server turns it into instants in SQL (`AT TIME ZONE`), so a day
 * across a daylight-saving change is 23 or 25 hours long, as it is for the people in that zone.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

/** Whether the runtime knows the IANA zone ("Europe/Amsterdam"); PostgreSQL carries the same database. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zones a settings screen offers: the runtime's IANA list, UTC first. */
export function timeZoneChoices(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [DEFAULT_TIME_ZONE, ...zones.filter((z) => z !== DEFAULT_TIME_ZONE)];
}

/** The day an instant falls on in a zone. */
export function dayIn(zone: string, at: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const DAY_MS = 86_400_000;
const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The day `n` days after (or before, when negative) `day`: calendar arithmetic, free of any zone. */
export function addDays(day: string, n: number): string {
  return new Date(utcOf(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both included (1 for the same day). */
export function dayCount(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS) + 1;
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, dayCount(from, to)) }, (_, i) => addDays(from, i));
}
