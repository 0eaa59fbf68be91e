import { useTranslation } from 'react-i18next';

/** Formats an ISO time in the interface language: the time today, the date and time before. */
export function useDateTime() {
  const { i18n } = useTranslation();
  return (iso: string) => {
    const date = new Date(iso);
    const today = new Date().toDateString() === date.toDateString();
    return new Intl.DateTimeFormat(i18n.language, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  };
}
