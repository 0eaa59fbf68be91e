import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'nl', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Every area keeps its texts beside its screens, in `features/<area>/locales/<lang>.json`
 * (namespace = the folder name); shared texts are in `i18n/locales/<lang>.json` (namespace "common").
 */
const featureFiles = import.meta.glob<{ default: Record<string, unknown> }>('../features/*/locales/*.json', { eager: true });
const commonFiles = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json', { eager: true });

function buildResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  const add = (lang: string, ns: string, texts: Record<string, unknown>) => {
    resources[lang] ??= {};
    resources[lang][ns] = texts;
  };
  for (const [file, module] of Object.entries(featureFiles)) {
    const match = /features\/([^/]+)\/locales\/([a-z]{2})\.json$/.exec(file);
    if (match) add(match[2], match[1], module.default);
  }
  for (const [file, module] of Object.entries(commonFiles)) {
    const match = /locales\/([a-z]{2})\.json$/.exec(file);
    if (match) add(match[1], 'common', module.default);
  }
  return resources;
}

/** Spec §7: Dutch on hosts ending in .nl, otherwise the browser's language when we have it, else English. */
export function pickLanguage(hostname: string, browserLanguages: readonly string[]): Language {
  if (hostname.endsWith('.nl')) return 'nl';
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0] as Language;
    if ((LANGUAGES as readonly string[]).includes(base)) return base;
  }
  return 'en';
}

export function initI18n(language = pickLanguage(window.location.hostname, navigator.languages ?? [navigator.language])) {
  return i18next.use(initReactI18next).init({
    resources: buildResources(),
    lng: language,
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export { i18next };
