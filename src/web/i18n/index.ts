import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pickLanguage } from './pick-language.ts';

export { LANGUAGES, pickLanguage, type Language } from './pick-language.ts';

/**
 * Every area keeps its texts beside its screens, in `features/<area>/locales/<lang>.json`
 * (namespace = the folder name); a shared component with texts of its own keeps them the same way in
 * `components/<name>/locales/<lang>.json`; shared texts are in `i18n/locales/<lang>.json` (namespace "common").
 */
const featureFiles = import.meta.glob<{ default: Record<string, unknown> }>(['../features/*/locales/*.json', '../components/*/locales/*.json'], { eager: true });
const commonFiles = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json', { eager: true });

function buildResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  const add = (lang: string, ns: string, texts: Record<string, unknown>) => {
    resources[lang] ??= {};
    resources[lang][ns] = texts;
  };
  for (const [file, module] of Object.entries(featureFiles)) {
    const match = /(?:features|components)\/([^/]+)\/locales\/([a-z]{2})\.json$/.exec(file);
    if (match) add(match[2], match[1], module.default);
  }
  for (const [file, module] of Object.entries(commonFiles)) {
    const match = /locales\/([a-z]{2})\.json$/.exec(file);
    if (match) add(match[1], 'common', module.default);
  }
  return resources;
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

/**
 * The spec's messages (shared schemas, plain-text server answers) are English sentences; the common
 * namespace keeps their translations under the English text itself, so a message from anywhere can
 * be shown in the reader's language, and an unknown one is shown as is.
 */
export function translateMessage(message: string): string {
  return i18next.t(message, { ns: 'common', keySeparator: false, nsSeparator: false, defaultValue: message });
}

export { i18next };
