import { useId, useMemo, useState } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '#shared/countries';
import type { ControlProps } from './control-props.ts';
import { describedByOf, FieldFrame } from './field-frame.tsx';
import { inputClass } from './input-style.ts';
import { useFieldError } from './use-field-error.ts';

/** What a picker chooses: an ISO 3166-1 country code or an ISO 4217 currency code. */
export type CodeKind = 'country' | 'currency';

export interface CodeOption {
  code: string;
  name: string;
}

/** The codes of a kind with their names in `language`, sorted by name as that language sorts. */
export function codeOptions(kind: CodeKind, language: string): CodeOption[] {
  const names = new Intl.DisplayNames([language], { type: kind === 'country' ? 'region' : 'currency', fallback: 'none' });
  const source = kind === 'country' ? COUNTRIES : Intl.supportedValuesOf('currency').map((code) => [code, code] as const);
  return source
    .map(([code, english]) => ({ code, name: names.of(code) ?? english }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

/** The options whose name contains the query, or whose code is it (typing "NL" or "eur" finds them too), codes first. */
export function matchingOptions(options: CodeOption[], query: string): CodeOption[] {
  const wanted = query.trim().toLocaleLowerCase();
  if (!wanted) return options;
  const byCode = options.filter((o) => o.code.toLowerCase() === wanted);
  return [...byCode, ...options.filter((o) => !byCode.includes(o) && o.name.toLocaleLowerCase().includes(wanted))];
}

/**
 * The options of a picker limited to `within` (e.g. the store's markets), in the reader's language where
 * it knows the code, else under the name `within` gives; sorted as the full list is.
 */
export function optionsWithin(all: CodeOption[], within: readonly CodeOption[] | undefined, language: string): CodeOption[] {
  if (!within) return all;
  const named = new Map(all.map((o) => [o.code, o]));
  return within.map((o) => named.get(o.code) ?? o).sort((a, b) => a.name.localeCompare(b.name, language));
}

/**
 * A country or currency chosen by its name in the reader's language, searchable as typed (by name or
 * code), keyboard-usable (arrows, Enter, Escape: Headless UI's combobox); the form keeps the code.
 * `within` limits the choice (a delivery zone's countries are the store's markets).
 * A stored code the list does not know shows as the code.
 */
export function CodePickerInput({
  kind,
  within,
  id,
  name,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  inputRef,
}: ControlProps<string> & { kind: CodeKind; within?: readonly CodeOption[] }) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? 'en';
  const options = useMemo(() => optionsWithin(codeOptions(kind, language), within, language), [kind, within, language]);
  const names = useMemo(() => new Map(options.map((o) => [o.code, o.name])), [options]);
  const [query, setQuery] = useState('');
  const shown = matchingOptions(options, query);
  const labelOf = (code: string) => (kind === 'currency' ? `${names.get(code) ?? code} (${code})` : (names.get(code) ?? code));
  return (
    <Combobox value={value || null} onChange={(code: string | null) => onChange(code ?? '')} onClose={() => setQuery('')}>
      <div className="relative">
        <ComboboxInput
          id={id}
          name={name}
          ref={inputRef}
          className={`${inputClass(invalid)} pr-9`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          displayValue={(code: string | null) => (code ? labelOf(code) : '')}
          onChange={(event) => setQuery(event.target.value)}
          onBlur={onBlur}
        />
        <ComboboxButton
          className="absolute inset-y-0 right-0 flex items-center px-2.5 text-gray-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
          aria-label={t('form.showAll')}
        >
          <span aria-hidden="true">▾</span>
        </ComboboxButton>
      </div>
      <ComboboxOptions
        anchor="bottom start"
        className="z-50 max-h-64 w-(--input-width) overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-gray-900/10 [--anchor-gap:4px] empty:invisible"
      >
        {shown.map((option) => (
          <ComboboxOption
            key={option.code}
            value={option.code}
            className="flex cursor-default justify-between gap-3 px-3 py-2 text-gray-900 select-none data-focus:bg-indigo-600 data-focus:text-white"
          >
            <span>{option.name}</span>
            <span className="font-mono text-xs opacity-70">{option.code}</span>
          </ComboboxOption>
        ))}
        {shown.length === 0 && <p className="px-3 py-2 text-gray-600">{t('form.noMatch')}</p>}
      </ComboboxOptions>
    </Combobox>
  );
}

/** The picker bound to a field of the form in context (useFormContext), for a caller that draws its own label and error. */
export function CodePickerControl({
  name,
  kind,
  within,
  id,
  invalid,
  describedBy,
}: {
  name: string;
  kind: CodeKind;
  within?: readonly CodeOption[];
  id: string;
  invalid: boolean;
  describedBy?: string;
}) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <CodePickerInput
          kind={kind}
          within={within}
          id={id}
          name={field.name}
          value={(field.value as string | null) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          invalid={invalid}
          describedBy={describedBy}
        />
      )}
    />
  );
}

/** A country or currency field of a section's form (useFormContext), in the kit's frame. */
export function CodePickerField({
  name,
  label,
  hint,
  kind,
  className,
}: {
  name: string;
  label: string;
  hint?: string;
  kind: CodeKind;
  className?: string;
}) {
  const id = useId();
  const error = useFieldError(name);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <CodePickerControl name={name} kind={kind} id={id} invalid={!!error} describedBy={describedByOf(id, hint, error)} />
    </FieldFrame>
  );
}
