import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_WORDINGS, WORDING_KEYS, WORDING_LANGUAGES, type WordingsByLanguage } from '#shared/schemas/registration';
import type { Settings } from '#shared/schemas/settings';
import { TextField } from '#web/components/form/text-field.tsx';
import { ownLanguageName } from '#web/components/language-select.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { storeSection } from '../store-section.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('wordings', 'wordingsByLanguage');
const LANGUAGES = ['en', ...WORDING_LANGUAGES] as const;

const tabClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-gray-600 hover:bg-white hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 data-selected:bg-white data-selected:text-indigo-700 data-selected:shadow-sm';

/** Every word of every language as a field value ('' = the language's plain word), so an untouched form is not an edit. */
function allWords(byLanguage: WordingsByLanguage): WordingsByLanguage {
  return Object.fromEntries(
    WORDING_LANGUAGES.map((language) => [
      language,
      Object.fromEntries(WORDING_KEYS.map((key) => [key, byLanguage[language]?.[key] ?? ''])),
    ]),
  );
}

const valuesOf = (settings: Settings) => {
  const values = SECTION.valuesOf(settings);
  return { ...values, wordingsByLanguage: allWords(values.wordingsByLanguage) };
};

/**
 * The shop's words for its roles and things ("seller" for vendor), used across the app, per
 * language of the screens: English is the store's `wordings`, another language shows its plain
 * word (the placeholder) until the admin writes one.
 */
export function GeneralSection({ settings }: SectionProps) {
  const { t, i18n } = useTranslation('settings');
  const reader = Math.max(0, LANGUAGES.indexOf((i18n.resolvedLanguage ?? 'en') as (typeof LANGUAGES)[number]));
  return (
    <SettingsSection
      id="general"
      title={t('general.title')}
      description={t('general.description')}
      schema={SECTION.schema}
      values={valuesOf(settings)}
      save={async (values) => valuesOf({ ...settings, ...(await SECTION.save(values)) })}
    >
      <TabGroup defaultIndex={reader}>
        <TabList className="flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1" aria-label={t('general.languages')}>
          {LANGUAGES.map((language) => (
            <Tab key={language} className={tabClass} lang={language}>
              {ownLanguageName(language)}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-4">
          {LANGUAGES.map((language) => (
            <TabPanel key={language} className="focus:outline-none">
              {language !== 'en' && <p className="mb-4 text-sm text-gray-600">{t('general.plainWords')}</p>}
              <div className="grid gap-4 sm:grid-cols-2">
                {WORDING_KEYS.map((key) =>
                  language === 'en' ? (
                    <TextField key={key} name={`wordings.${key}`} label={t(`general.wordings.${key}`)} autoComplete="off" />
                  ) : (
                    <TextField
                      key={key}
                      name={`wordingsByLanguage.${language}.${key}`}
                      label={t(`general.wordings.${key}`)}
                      placeholder={LANGUAGE_WORDINGS[language][key]}
                      lang={language}
                      autoComplete="off"
                    />
                  ),
                )}
              </div>
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </SettingsSection>
  );
}
