import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogProduct } from '#shared/schemas/products';
import { Button } from '#web/components/button.tsx';
import type { ControlProps } from '#web/components/form/control-props.ts';
import { inputClass } from '#web/components/form/input-style.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { useDebouncedValue } from '#web/components/use-debounced-value.ts';
import { useCatalogSearch } from './api/search-catalog.ts';

/**
 * A product metafield: one of the store's public products, found with GET catalog?q. The answer is
 * the product's id; its title is shown when it was picked here or is among the results.
 */
export function ProductPicker({ id, value, onChange, invalid, describedBy, inputRef }: ControlProps<string>) {
  const { t } = useTranslation('products');
  const [query, setQuery] = useState('');
  const [isChanging, setChanging] = useState(false);
  const isSearching = isChanging || !value;
  const [picked, setPicked] = useState<CatalogProduct | null>(null);
  const debounced = useDebouncedValue(query, 250);
  const { data: results, isLoading } = useCatalogSearch(debounced, isSearching);
  const selected = picked?.id === value ? picked : results?.find((p) => p.id === value);

  const choose = (product: CatalogProduct) => {
    setPicked(product);
    onChange(product.id);
    setChanging(false);
    setQuery('');
  };

  return (
    <div className="space-y-2">
      {value && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-gray-900">{selected ? selected.title : t('editor.picker.productId', { id: value })}</span>
          {selected && <span className="text-gray-500">{selected.vendor}</span>}
          {!isSearching && (
            <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => setChanging(true)}>
              {t('editor.picker.change')}
            </Button>
          )}
          <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => onChange('')}>
            {t('editor.picker.clear')}
          </Button>
        </div>
      )}
      {isSearching && (
        <>
          <input
            id={id}
            ref={inputRef}
            type="search"
            value={query}
            placeholder={t('editor.picker.placeholder')}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              // Enter would save the product.
              if (event.key === 'Enter') event.preventDefault();
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={inputClass(invalid)}
          />
          {isLoading && !results ? (
            <Spinner className="size-5 text-indigo-600" />
          ) : (
            <ul
              className="max-h-60 divide-y divide-gray-100 overflow-y-auto rounded-md border border-gray-200"
              aria-label={t('editor.picker.results')}
            >
              {(results ?? []).map((product) => (
                <li key={product.id}>
                  <button
                    type="button"
                    onClick={() => choose(product)}
                    aria-pressed={product.id === value}
                    className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
                  >
                    <span className="font-medium text-gray-900">{product.title}</span>
                    <span className="text-gray-500">{product.vendor}</span>
                  </button>
                </li>
              ))}
              {results?.length === 0 && <li className="px-3 py-2 text-sm text-gray-500">{t('editor.picker.none')}</li>}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
