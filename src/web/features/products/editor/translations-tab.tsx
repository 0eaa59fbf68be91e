import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { inputClass } from '#web/components/form/input-style.ts';
import { RichTextInput } from '#web/components/form/rich-text-input.tsx';
import { sanitizeRichText } from '#web/components/form/sanitize-rich-text.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { saveProductTranslations, useProductTranslations, type ProductTranslation } from './api/product-translations.ts';
import { EditorSection } from '#web/components/editor-section.tsx';
import { useEditorText } from './use-editor-text.ts';

/** The label of a translatable key: title, body_html, meta_title, meta_description, option1.name… */
function useKeyLabel() {
  const { t } = useTranslation('products');
  return (key: string) => {
    const option = /^option(\d+)\.name$/.exec(key);
    if (option) return t('editor.translations.keys.optionName', { n: option[1] });
    return t(`editor.translations.keys.${key}`, { defaultValue: key });
  };
}

/** A language's name in the reader's language ("nl" → "Dutch"), or the code when unknown. */
function localeName(locale: string, language: string) {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/**
 * Per locale of the marketplace: each translatable text with its source, the translation and an
 * "Outdated" badge when the source changed since it was translated. Saving sends the changed
 * translations with the digest of the source on screen; "Mark as up to date" confirms an outdated
 * one as it is.
 */
export function TranslationsTab({ productId, locales }: { productId: string; locales: string[] }) {
  const { t, i18n } = useTranslation('products');
  const [locale, setLocale] = useState(locales[0] ?? '');
  const selectId = useId();
  if (locales.length === 0) return <p className="text-sm text-gray-500">{t('editor.translations.noLocales')}</p>;
  return (
    <div className="space-y-6">
      <div className="max-w-xs">
        <label htmlFor={selectId} className="block text-sm font-medium text-gray-900">
          {t('editor.translations.locale')}
        </label>
        <select id={selectId} value={locale} onChange={(event) => setLocale(event.target.value)} className={`mt-1.5 ${inputClass(false)}`}>
          {locales.map((code) => (
            <option key={code} value={code}>
              {localeName(code, i18n.language)} ({code})
            </option>
          ))}
        </select>
      </div>
      <LocaleTranslations key={locale} productId={productId} locale={locale} />
    </div>
  );
}

function LocaleTranslations({ productId, locale }: { productId: string; locale: string }) {
  const { t } = useTranslation('products');
  const text = useEditorText();
  const labelOf = useKeyLabel();
  const { data, error, isLoading } = useProductTranslations(productId, locale);
  const [values, setValues] = useState<Record<string, string>>({});
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; message: string }>({ kind: 'idle' });

  // The typed values start from the stored translations, once they arrive.
  useEffect(() => {
    if (data) setValues(Object.fromEntries(data.map((row) => [row.key, row.value ?? ''])));
  }, [data]);

  if (isLoading) return <LoadingBlock />;
  if (error || !data) return <AlertText>{errorMessage(error)}</AlertText>;
  if (data.length === 0) return <p className="text-sm text-gray-500">{t('editor.translations.nothing')}</p>;

  const changed = data.filter((row) => (values[row.key] ?? '') !== (row.value ?? ''));
  const save = async (rows: ProductTranslation[]) => {
    setState({ kind: 'saving' });
    try {
      await saveProductTranslations(
        productId,
        locale,
        rows.map((row) => ({ locale, resourceId: productId, key: row.key, value: values[row.key] ?? '', digest: row.sourceDigest })),
      );
      setState({ kind: 'saved' });
    } catch (failure) {
      setState({ kind: 'failed', message: errorMessage(failure) });
    }
  };

  return (
    <EditorSection title={t('editor.translations.title', { locale })}>
      {data.map((row) => {
        const id = `translation-${locale}-${row.key.replace(/\W/g, '-')}`;
        const isHtml = row.key === 'body_html';
        return (
          <div key={row.key} className="grid gap-3 border-b border-gray-100 pb-5 last:border-0 md:grid-cols-2">
            <div>
              <p className="flex items-center gap-2 text-sm font-medium text-gray-900">
                {labelOf(row.key)}
                {row.outdated && (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800" data-testid="outdated">
                    {t('editor.translations.outdated')}
                  </span>
                )}
              </p>
              <p className="mt-1 text-xs text-gray-500">{t('editor.translations.source')}</p>
              {isHtml ? (
                // The source is the product's own description, sanitised like every rich text.
                <div
                  className="mt-1 rounded-md bg-gray-50 p-2 text-sm text-gray-800 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
                  dangerouslySetInnerHTML={{ __html: sanitizeRichText(row.source) }}
                />
              ) : (
                <p className="mt-1 rounded-md bg-gray-50 p-2 text-sm whitespace-pre-wrap text-gray-800">{row.source}</p>
              )}
            </div>
            <div>
              <label id={`${id}-label`} htmlFor={id} className="block text-sm font-medium text-gray-900">
                {t('editor.translations.value', { label: labelOf(row.key) })}
              </label>
              <div className="mt-1.5">
                {isHtml ? (
                  <RichTextInput
                    id={id}
                    name={id}
                    value={values[row.key] ?? ''}
                    onChange={(html) => setValues((v) => ({ ...v, [row.key]: html }))}
                    invalid={false}
                  />
                ) : (
                  <input
                    id={id}
                    value={values[row.key] ?? ''}
                    onChange={(event) => setValues((v) => ({ ...v, [row.key]: event.target.value }))}
                    className={inputClass(false)}
                  />
                )}
              </div>
              {row.outdated && (values[row.key] ?? '') === (row.value ?? '') && (
                <Button
                  variant="secondary"
                  className="mt-2 px-2 py-1 text-xs"
                  onClick={() => void save([row])}
                  disabled={state.kind === 'saving'}
                >
                  {t('editor.translations.markUpToDate')}
                </Button>
              )}
            </div>
          </div>
        );
      })}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void save(changed)} loading={state.kind === 'saving'} disabled={changed.length === 0}>
          {t('editor.translations.save')}
        </Button>
        {state.kind === 'saved' && changed.length === 0 && (
          <p role="status" className="text-sm font-medium text-green-800">
            {t('editor.saved')}
          </p>
        )}
        {state.kind === 'failed' && <AlertText>{text(state.message)}</AlertText>}
      </div>
    </EditorSection>
  );
}
