import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { useVendorNames } from '../api/vendor-names.ts';
import { Button } from './button.tsx';
import { controlClass } from './form/input-style.ts';
import { SEARCH_DELAY_MS, useDebouncedValue } from './use-debounced-value.ts';
import { useWideScreen } from './use-wide-screen.ts';

/** The filters above the lists (products, orders, finance): labelled controls whose values live in the address. */

/** How many of these filters differ from their defaults (what the phone's Filters button counts). */
export function countActive<S extends object>(state: S, defaults: S, keys: readonly (keyof S)[]): number {
  return keys.filter((key) => state[key] !== defaults[key]).length;
}

interface ListFiltersProps {
  /** The search box: in view at every width. */
  search?: ReactNode;
  /** The other filters. */
  children: ReactNode;
  /** How many of those differ from their defaults, counted on the phone's Filters button. */
  active: number;
  /** The grid of the search and filters on a wide screen. */
  className: string;
}

/**
 * A list's filters: in a grid on a wide screen; on a phone the search stays and the others wait
 * behind a Filters button that counts the ones set, in a drawer (a dialog: focus kept inside,
 * Escape or Show results closes it and focus returns to the button). Each filter applies as it
 * changes, as on a wide screen, so the drawer has nothing to confirm.
 */
export function ListFilters({ search, children, active, className }: ListFiltersProps) {
  const { t } = useTranslation();
  const wide = useWideScreen();
  const [open, setOpen] = useState(false);
  if (wide)
    return (
      <div className={className}>
        {search}
        {children}
      </div>
    );
  return (
    <div className="flex items-end gap-3">
      <div className="min-w-0 flex-1">{search}</div>
      <Button
        variant="secondary"
        className="shrink-0"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={active ? t('filters.openActive', { count: active }) : undefined}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 text-gray-500">
          <path d="M2.5 4.75A.75.75 0 0 1 3.25 4h13.5a.75.75 0 0 1 0 1.5H3.25a.75.75 0 0 1-.75-.75Zm3 5A.75.75 0 0 1 6.25 9h7.5a.75.75 0 0 1 0 1.5h-7.5a.75.75 0 0 1-.75-.75Zm3 5a.75.75 0 0 1 .75-.75h1.5a.75.75 0 0 1 0 1.5h-1.5a.75.75 0 0 1-.75-.75Z" />
        </svg>
        {t('filters.open')}
        {active > 0 && (
          <span className="rounded-full bg-indigo-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums">{active}</span>
        )}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-40">
        <DialogBackdrop transition className="fixed inset-0 bg-gray-900/40 transition-opacity duration-200 data-closed:opacity-0" />
        <div className="fixed inset-x-0 bottom-0 flex max-h-full">
          <DialogPanel
            transition
            className="flex max-h-[85vh] w-full flex-col rounded-t-xl bg-white shadow-xl transition duration-200 data-closed:translate-y-full"
          >
            <DialogTitle className="border-b border-gray-200 px-4 py-3 text-base font-semibold text-gray-900">
              {t('filters.title')}
            </DialogTitle>
            <div className="grid gap-4 overflow-y-auto px-4 py-4">{children}</div>
            <div className="border-t border-gray-200 px-4 py-3">
              <Button className="w-full" onClick={() => setOpen(false)}>
                {t('filters.done')}
              </Button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </div>
  );
}

const labelClass = 'block text-sm font-medium text-gray-900';

interface SearchFilterProps {
  id: string;
  label: string;
  placeholder: string;
  /** The search in the address. */
  value: string;
  onSearch: (q: string) => void;
}

/** A search box that writes the address once the typing pauses, and takes the address's search when it changes elsewhere. */
export function SearchFilter({ id, label, placeholder, value, onSearch }: SearchFilterProps) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  // Each effect runs for its own change only (the other values are read as they are then), so they cannot loop.
  const search = useEffectEvent((query: string) => {
    if (query !== value) onSearch(query);
  });
  const follow = useEffectEvent((address: string) => {
    if (address !== settled) setText(address);
  });
  useEffect(() => search(settled), [settled]);
  useEffect(() => follow(value), [value]);
  return (
    <div role="search">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        className={`mt-1.5 ${controlClass}`}
      />
    </div>
  );
}

interface FilterSelectProps<T extends string> {
  id: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

export function FilterSelect<T extends string>({ id, label, value, options, onChange }: FilterSelectProps<T>) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T)} className={`mt-1.5 ${controlClass}`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An admin's vendor filter: every vendor of the store, and the one in the address even if it is gone. */
export function VendorFilter({
  id,
  label,
  allLabel,
  value,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string;
  onChange: (vendor: string) => void;
}) {
  const names = useVendorNames(true);
  const options = value && !names.includes(value) ? [value, ...names] : names;
  return (
    <FilterSelect
      id={id}
      label={label}
      value={value}
      options={[{ value: '', label: allLabel }, ...options.map((name) => ({ value: name, label: name }))]}
      onChange={onChange}
    />
  );
}

interface DayFilterProps {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}

export function DayFilter({ id, label, value, min, max, onChange }: DayFilterProps) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`mt-1.5 ${controlClass}`}
      />
    </div>
  );
}
