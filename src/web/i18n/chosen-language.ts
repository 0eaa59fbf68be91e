import i18next from 'i18next';
import { LANGUAGES, type Language } from './pick-language.ts';

/** The language chosen on this browser (the sign-in page's switch, or the account's, remembered). */
const KEY = 'mp_language';

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

export function chosenLanguage(): Language | null {
  try {
    const value = localStorage.getItem(KEY);
    return isLanguage(value) ? value : null;
  } catch {
    // Storage refused (a sandboxed frame): the browser's language then.
    return null;
  }
}

/**
 * Shows the screens in a language from now on, and remembers it on this browser so the next visit
 * (the sign-in page included) opens in it; null forgets the choice and follows the browser again.
 */
export async function chooseLanguage(language: Language | null, browserLanguage: () => Language) {
  try {
    if (language) localStorage.setItem(KEY, language);
    else localStorage.removeItem(KEY);
  } catch {
    // Not remembered; the screens still change.
  }
  const shown = language ?? browserLanguage();
  document.documentElement.lang = shown;
  if (i18next.language !== shown) await i18next.changeLanguage(shown);
}
