import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { controlClass } from './input-style.ts';
import { describedByOf, FieldFrame } from './field-frame.tsx';
import { useFieldError } from './use-field-error.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A colour as a picker and as its hex text, both on the same value. The text is what the schema
 * checks, so a typed "blue" is kept (and refused with the schema's message) rather than lost.
 */
export function ColorField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('common');
  const id = useId();
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        return (
          <FieldFrame id={id} label={label} error={error}>
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={t('form.pickColor', { label })}
                value={HEX.test(value) ? value.toLowerCase() : '#000000'}
                onChange={(event) => field.onChange(event.target.value)}
                className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-gray-300 bg-white p-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              />
              <input
                id={id}
                ref={field.ref}
                type="text"
                value={value}
                spellCheck={false}
                autoComplete="off"
                onChange={(event) => field.onChange(event.target.value.trim())}
                onBlur={field.onBlur}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedByOf(id, undefined, error)}
                className={`${controlClass} font-mono`}
              />
            </div>
          </FieldFrame>
        );
      }}
    />
  );
}
