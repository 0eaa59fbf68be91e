import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatRecent, formatShortDay } from './format-date.ts';

const WEB = join(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('dates and times', () => {
  it('read the same way everywhere in one language, and in that language', () => {
    const at = '2026-05-12T10:04:00Z';
    expect(formatDate(at, 'en')).toBe('May 12, 2026');
    expect(formatDate(at, 'nl')).toBe('12 mei 2026');
    expect(formatDate(at, 'de')).toBe('12.05.2026');
    expect(formatDate(at, 'fr')).toBe('12 mai 2026');
    expect(formatDate(at, 'es')).toBe('12 may 2026');
    for (const language of ['en', 'nl', 'de', 'fr', 'es']) {
      // A day of the calendar reads like the day of a moment, and a moment starts with its day.
      expect(formatDay('2026-05-12', language)).toBe(formatDate('2026-05-12T12:00:00Z', language));
      expect(formatDateTime('2026-05-12T12:00:00Z', language).startsWith(formatDate('2026-05-12T12:00:00Z', language))).toBe(true);
    }
    expect(formatShortDay('2026-05-12', 'en')).toBe('May 12');
  });

  it('show only the time of a moment today, and an unreadable value as it came', () => {
    const now = new Date('2026-05-12T15:00:00');
    expect(formatRecent(new Date('2026-05-12T10:04:00').toISOString(), 'en', now)).toBe('10:04 AM');
    expect(formatRecent(new Date('2026-05-11T10:04:00').toISOString(), 'en', now)).toBe(
      formatDateTime(new Date('2026-05-11T10:04:00').toISOString(), 'en'),
    );
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });

  it('are formatted in format-date.ts only (no other date format in the back-office)', () => {
    const elsewhere = sources(WEB)
      .filter((path) => !path.endsWith('format-date.ts'))
      .filter((path) => /new Intl\.DateTimeFormat\(|\.toLocale(Date|Time)?String\(/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(WEB, path));
    expect(elsewhere).toEqual([]);
  });
});
