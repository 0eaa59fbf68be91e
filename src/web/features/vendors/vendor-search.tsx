import { useEffect, useId, useState, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { controlClass } from '#web/components/form/input-style.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { SEARCH_DELAY_MS, useDebouncedValue } from '#web/components/use-debounced-value.ts';

/** The search box of both tabs: the address keeps the search (?q=), written once the typing pauses. */
export function VendorSearch() {
  const { t } = useTranslation('vendors');
  const words = useWordingValues();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const settled = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);

  // Only a settled change of the text writes the address (setParams changes with every address,
  // so depending on it would navigate again after each navigation).
  const search = useEffectEvent((query: string) => {
    if ((params.get('q') ?? '') === query) return;
    const next = new URLSearchParams(params);
    if (query) next.set('q', query);
    else next.delete('q');
    setParams(next, { replace: true });
  });
  useEffect(() => search(settled), [settled]);

  return (
    <div role="search" className="max-w-md">
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {t('search.label')}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('search.placeholder', words)}
        className={`mt-1.5 ${controlClass}`}
      />
    </div>
  );
}
