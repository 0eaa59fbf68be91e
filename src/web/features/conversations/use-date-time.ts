import { useTranslation } from 'react-i18next';
import { formatRecent } from '#web/components/format-date.ts';

/** Formats an ISO time in the interface language: the time today, the date and time before. */
export function useDateTime() {
  const { i18n } = useTranslation();
  return (iso: string) => formatRecent(iso, i18n.language);
}
