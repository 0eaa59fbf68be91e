import { useEffect, useEffectEvent, useState } from 'react';
import { useVendorNames } from '../api/vendor-names.ts';
import { controlClass } from './form/input-style.ts';
import { SEARCH_DELAY_MS, useDebouncedValue } from './use-debounced-value.ts';

/** The filters above the lists (products, orders): labelled controls whose values live in the address. */

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
export function VendorFilter({ id, label, allLabel, value, onChange }: { id: string; label: string; allLabel: string; value: string; onChange: (vendor: string) => void }) {
  const names = useVendorNames(true);
  const options = value && !names.includes(value) ? [value, ...names] : names;
  return <FilterSelect id={id} label={label} value={value} options={[{ value: '', label: allLabel }, ...options.map((name) => ({ value: name, label: name }))]} onChange={onChange} />;
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
      <input id={id} type="date" value={value} min={min || undefined} max={max || undefined} onChange={(event) => onChange(event.target.value)} className={`mt-1.5 ${controlClass}`} />
    </div>
  );
}
