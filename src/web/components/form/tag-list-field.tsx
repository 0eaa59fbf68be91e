import { useId, useState, type KeyboardEvent } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { controlClass } from './input-style.ts';
import { describedByOf, FieldFrame } from './field-frame.tsx';
import { useFieldError } from './use-field-error.ts';

/** A list of short texts (locales, option labels, metafield keys): type one, Enter or Add, remove with its ×. */
export function TagListField({ name, label, hint, placeholder }: { name: string; label: string; hint?: string; placeholder?: string }) {
  const { t } = useTranslation('common');
  const id = useId();
  const { control } = useFormContext();
  const error = useFieldError(name);
  const [draft, setDraft] = useState('');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const items: string[] = Array.isArray(field.value) ? field.value : [];
        const add = () => {
          const entry = draft.trim();
          if (entry && !items.includes(entry)) field.onChange([...items, entry]);
          setDraft('');
        };
        const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
          // Enter would submit the section's form; here it adds the entry instead.
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        };
        return (
          <FieldFrame id={id} label={label} hint={hint} error={error}>
            {items.length > 0 && (
              <ul className="mb-2 flex flex-wrap gap-2" aria-label={label}>
                {items.map((item) => (
                  <li
                    key={item}
                    className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-3 text-sm text-indigo-800"
                  >
                    {item}
                    <button
                      type="button"
                      onClick={() => field.onChange(items.filter((i) => i !== item))}
                      aria-label={t('form.removeItem', { item })}
                      className="rounded-full px-1.5 text-indigo-600 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex gap-2">
              <input
                id={id}
                ref={field.ref}
                value={draft}
                placeholder={placeholder}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onKeyDown}
                onBlur={field.onBlur}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedByOf(id, hint, error)}
                className={controlClass}
              />
              <Button variant="secondary" onClick={add} disabled={!draft.trim()}>
                {t('form.add')}
              </Button>
            </div>
          </FieldFrame>
        );
      }}
    />
  );
}
