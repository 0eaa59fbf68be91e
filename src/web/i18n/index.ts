import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chooseLanguage, chosenLanguage } from './chosen-language.ts';
import { pickLanguage, type Language } from './pick-language.ts';
import { storeTextsProcessor } from './store-texts.ts';

export { LANGUAGES, pickLanguage, type Language } from './pick-language.ts';

type Texts = Record<string, unknown>;

/**
 * Every area keeps its texts beside its screens, in `features/<area>/locales/<lang>.json`
 * (namespace = the folder name); a shared component with texts of its own keeps them the same way in
 * `components/<name>/locales/<lang>.json`; shared texts are in `i18n/locales/<lang>.json` (namespace "common").
 * A screen of an area may keep a namespace of its own in `features/<area>/locales/<namespace>/<lang>.json`.
 * Each file is its own small chunk, fetched when a screen first asks for its namespace in the
 * reader's language: the first load carries one language of the screens it shows, not five of all.
 */
const featureFiles = import.meta.glob<{ default: Texts }>([
  '../features/*/locales/*.json',
  '../features/*/locales/*/*.json',
  '../components/*/locales/*.json',
]);
const commonFiles = import.meta.glob<{ default: Texts }>('./locales/*.json');

const loaders = new Map<string, () => Promise<{ default: Texts }>>();
for (const [file, load] of Object.entries(featureFiles)) {
  const match = /(?:features|components)\/(?:[^/]+\/locales\/([^/]+)|([^/]+)\/locales)\/([a-z]{2})\.json$/.exec(file);
  if (match) loaders.set(`${match[3]}/${match[1] ?? match[2]}`, load);
}
for (const [file, load] of Object.entries(commonFiles)) {
  const match = /locales\/([a-z]{2})\.json$/.exec(file);
  if (match) loaders.set(`${match[1]}/common`, load);
}

/** An i18next backend over the chunks above (a namespace without texts in a language is empty). */
const chunkBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders.get(`${language}/${namespace}`);
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default as ResourceKey),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** The namespaces the first screen needs, fetched with the app's start rather than one after another. */
export function firstNamespaces(pathname: string): string[] {
  const area = /^\/app\/([a-z-]+)/.exec(pathname)?.[1] ?? '';
  const namespaces = ['common', area === 'login' ? 'login' : 'shell'];
  if (area !== 'login' && loaders.has(`en/${area}`)) namespaces.push(area);
  return namespaces;
}

/** The language the browser asks for (Dutch on .nl hosts). */
export const browserLanguage = () => pickLanguage(window.location.hostname, navigator.languages ?? [navigator.language]);

/** A language chosen by the reader (on the sign-in page, or stored with the account); null follows the browser. */
export const showScreensIn = (language: Language | null) => chooseLanguage(language, browserLanguage);

export function initI18n(language = chosenLanguage() ?? browserLanguage()) {
  document.documentElement.lang = language;
  return i18next
    .use(chunkBackend)
    .use(storeTextsProcessor)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      ns: firstNamespaces(window.location.pathname),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      postProcess: ['storeTexts'],
      postProcessPassResolved: true,
    });
}

/**
 * The spec's messages (shared schemas, plain-text server answers) are English sentences; the common
 * namespace keeps their translations under the English text itself, so a message from anywhere can
 * be shown in the reader's language, and an unknown one is shown as is.
 */
export function translateMessage(message: string): string {
  for (const [pattern, key] of NETWORK_MESSAGES) {
    const host = pattern.exec(message)?.[1];
    if (host) return i18next.t(key, { ns: 'common', host });
  }
  return i18next.t(message, { ns: 'common', keySeparator: false, nsSeparator: false, defaultValue: message });
}

/** The server's words for a failed connection to an address someone gave (a shop, an SMTP server), which carry the address. */
const NETWORK_MESSAGES: [RegExp, string][] = [
  [/^Could not reach (.+)\. Check the address\.$/, 'network.address'],
  [/^Could not reach (.+): nothing answers there\. Check the address and the port\.$/, 'network.refused'],
  [/^(.+) did not answer in time\. Try again later\.$/, 'network.timeout'],
  [/^(.+) closed the connection\. Try again later\.$/, 'network.cut'],
  [/^(.+) does not have a valid HTTPS certificate\.$/, 'network.certificate'],
];

export { i18next };
