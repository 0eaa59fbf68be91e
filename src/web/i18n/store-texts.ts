import type { i18n as I18n, PostProcessorModule } from 'i18next';

/** Language → "namespace:key" → the admin's own text (settings.translations.dict, from app info). */
export type StoreTexts = Record<string, Record<string, string>>;

let current: StoreTexts = {};

/**
 * The admin's own texts replace the app's where they name one ("shell:nav.orders" in "nl"): after
 * the app's text is found, so a key the app does not have changes nothing, and with the call's
 * values filled in ({{vendors}}) like any text.
 */
export const storeTextsProcessor: PostProcessorModule = {
  type: 'postProcessor',
  name: 'storeTexts',
  process(value, _key, options, translator) {
    const resolved = (options as { i18nResolved?: { usedNS?: string; usedKey?: string } }).i18nResolved;
    const i18n = translator as unknown as {
      language: string;
      interpolator: { interpolate(text: string, data: object, lng: string, options: object): string };
    };
    const own = resolved?.usedNS && resolved.usedKey ? current[i18n.language]?.[`${resolved.usedNS}:${resolved.usedKey}`] : undefined;
    return own ? i18n.interpolator.interpolate(own, options, i18n.language, {}) : value;
  },
};

/** Takes the store's texts and redraws the screens with them. */
export function setStoreTexts(i18n: I18n, texts: StoreTexts | undefined) {
  const next = texts ?? {};
  if (JSON.stringify(next) === JSON.stringify(current)) return;
  current = next;
  // The screens redraw on a language change; the language stays, its texts changed.
  i18n.emit('languageChanged', i18n.language);
}
