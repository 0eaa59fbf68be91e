import { i18next } from '../i18n/index.ts';

/** A moment in the reader's language, e.g. "12 May 2026, 10:04". */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(i18next.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
