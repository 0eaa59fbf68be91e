import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, showScreensIn, type Language } from '../i18n/index.ts';

/** A language named in its own words (Nederlands, Deutsch): how readers look for their language. */
export function ownLanguageName(language: string) {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name[0].toLocaleUpperCase(language) + name.slice(1);
}

interface LanguageSelectProps {
  /** After the screens changed: the account stores the choice too. */
  onChosen?: (language: Language) => void;
  /** On the indigo bar (white text) or on a white card. */
  tone?: 'bar' | 'card';
}

/** The language of the screens, switched at once, in each language's own name. */
export function LanguageSelect({ onChosen, tone = 'card' }: LanguageSelectProps) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const current = (LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? '') ? i18n.resolvedLanguage : 'en';
  const selectClass =
    tone === 'bar'
      ? 'rounded-md border-0 bg-white/10 py-1 pr-8 pl-2 text-sm text-white ring-1 ring-white/20 focus-visible:outline-2 focus-visible:outline-white [&>option]:text-gray-900'
      : 'rounded-md border-0 py-1.5 pr-8 pl-3 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset focus-visible:outline-2 focus-visible:outline-indigo-600';
  return (
    <div className="flex items-center gap-2">
      {/* In the bar the options speak for themselves (each language in its own words); the label is for screen readers. */}
      <label htmlFor={id} className={tone === 'bar' ? 'sr-only' : 'text-sm text-gray-700'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={current}
        className={selectClass}
        onChange={async (event) => {
          const language = event.target.value as Language;
          await showScreensIn(language);
          onChosen?.(language);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {ownLanguageName(language)}
          </option>
        ))}
      </select>
    </div>
  );
}
