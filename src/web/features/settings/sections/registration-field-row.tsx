import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_FIELD_TYPES, WORDING_LANGUAGES } from '#shared/schemas/registration';
import { Button } from '#web/components/button.tsx';
import { SelectField } from '#web/components/form/select-field.tsx';
import { TagListField } from '#web/components/form/tag-list-field.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { ownLanguageName } from '#web/components/language-select.tsx';

/** Types whose answer is one of the options (select) or several (checkbox). */
const WITH_OPTIONS = new Set(['select', 'checkbox']);
/** Types that point somewhere: the terms to agree to, the video to watch. */
const WITH_LINK = new Set(['terms', 'video']);

interface RegistrationFieldRowProps {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/** One question of the registration form, with its place in the list. */
export function RegistrationFieldRow({ index, count, onMove, onRemove }: RegistrationFieldRowProps) {
  const { t } = useTranslation('settings');
  const { control } = useFormContext();
  const base = `fields.${index}`;
  const [type, name] = useWatch({ control, name: [`${base}.type`, `${base}.name`] }) as [string, string];
  const title = t('registration.fieldTitle', { number: index + 1, name: name || t('registration.untitled') });
  // The other languages' fields exist only while opened: ten questions would otherwise carry a hundred
  // hidden fields (the form keeps their values either way).
  const [languagesOpen, setLanguagesOpen] = useState(false);
  return (
    <li className="rounded-md border border-gray-200 p-4">
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-gray-900">{title}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField name={`${base}.name`} label={t('registration.name')} />
          <TextField
            name={`${base}.key`}
            label={t('registration.key')}
            hint={t('registration.keyHint')}
            autoComplete="off"
            spellCheck={false}
          />
          <SelectField
            name={`${base}.type`}
            label={t('registration.type')}
            options={REGISTRATION_FIELD_TYPES.map((value) => ({ value, label: t(`registration.types.${value}`) }))}
          />
        </div>
        <TextField name={`${base}.description`} label={t('registration.fieldDescription')} multiline />
        {WITH_OPTIONS.has(type) && (
          <TagListField name={`${base}.options`} label={t('registration.options')} hint={t('registration.optionsHint')} />
        )}
        {WITH_LINK.has(type) && (
          <TextField
            name={`${base}.link`}
            type="url"
            placeholder="https://"
            label={t(type === 'video' ? 'registration.videoLink' : 'registration.termsLink')}
          />
        )}
        {/* A video is shown, not answered: the application never requires it. */}
        {type !== 'video' && <ToggleField name={`${base}.required`} label={t('registration.required')} />}
        <details className="rounded-md bg-gray-50 p-3" onToggle={(event) => setLanguagesOpen(event.currentTarget.open)}>
          <summary className="cursor-pointer text-sm font-medium text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
            {t('registration.otherLanguages')}
          </summary>
          {languagesOpen && (
            <>
              <p className="mt-2 text-sm text-gray-600">{t('registration.otherLanguagesHint')}</p>
              <div className="mt-3 space-y-4">
                {WORDING_LANGUAGES.map((language) => (
                  <div key={language} className="grid gap-4 sm:grid-cols-2">
                    <TextField
                      name={`${base}.translations.${language}.name`}
                      label={t('registration.nameIn', { language: ownLanguageName(language) })}
                      lang={language}
                      autoComplete="off"
                    />
                    <TextField
                      name={`${base}.translations.${language}.description`}
                      label={t('registration.descriptionIn', { language: ownLanguageName(language) })}
                      lang={language}
                      multiline
                    />
                  </div>
                ))}
              </div>
            </>
          )}
        </details>
      </fieldset>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-gray-100 pt-3">
        <Button
          variant="secondary"
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
          aria-label={t('registration.moveUpLabel', { title })}
        >
          {t('registration.moveUp')}
        </Button>
        <Button
          variant="secondary"
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
          aria-label={t('registration.moveDownLabel', { title })}
        >
          {t('registration.moveDown')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => onRemove(index)}
          aria-label={t('registration.removeLabel', { title })}
          className="ml-auto"
        >
          {t('registration.remove')}
        </Button>
      </div>
    </li>
  );
}
