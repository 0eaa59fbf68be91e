export const LANGUAGES = ['en', 'nl', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Dutch on hosts ending in .nl, otherwise the browser's language when we have it, else English. */
export function pickLanguage(hostname: string, browserLanguages: readonly string[]): Language {
  if (hostname.endsWith('.nl')) return 'nl';
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0] as Language;
    if ((LANGUAGES as readonly string[]).includes(base)) return base;
  }
  return 'en';
}
