import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '#web/components/form/input-style.ts';

/**
 * Values as chips: type one and press Enter (or a comma) to add it, Backspace in the empty input
 * removes the last, each chip has its own remove button. A value already there is not added twice.
 */
export function ChipsInput({
  id,
  label,
  values,
  onChange,
  invalid,
  describedBy,
  placeholder,
}: {
  id: string;
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  invalid: boolean;
  describedBy?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation('products');
  const [draft, setDraft] = useState('');
  const add = () => {
    const value = draft.trim();
    if (value && !values.includes(value)) onChange([...values, value]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter would save the product: here it adds the value.
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };
  return (
    <div>
      {values.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={label}>
          {values.map((value) => (
            <li key={value} className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-3 text-sm text-indigo-800">
              {value}
              <button
                type="button"
                onClick={() => onChange(values.filter((v) => v !== value))}
                aria-label={t('editor.options.removeValue', { value })}
                className="rounded-full px-1.5 text-indigo-600 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        value={draft}
        placeholder={placeholder}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={inputClass(invalid)}
      />
    </div>
  );
}
