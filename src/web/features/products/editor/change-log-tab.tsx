import { useTranslation } from 'react-i18next';
import type { ProductDetail } from '#shared/schemas/products';
import { AlertText } from '#web/components/alert-text.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { formatDateTime } from '#web/components/format-date.ts';
import { useProductLogs } from './api/product-logs.ts';
import { describeChanges, formatLogValue, type ValueWords } from './log-changes.ts';

const KNOWN_FIELDS = [
  'title',
  'bodyHtml',
  'handle',
  'status',
  'vendor',
  'seo',
  'options',
  'media',
  'metafields',
  'approved',
  'product',
  'variants',
];
const KNOWN_VARIANT_FIELDS = [
  'price',
  'compareAt',
  'sku',
  'barcode',
  'stock',
  'trackStock',
  'taxable',
  'requiresShipping',
  'weight',
  'weightUnit',
  'dimensions',
  'localPickup',
  'options',
  'media',
  'metafields',
];
/** The platform's keys of translated texts (product-translations.ts) by the field they translate. */
const TRANSLATED_FIELDS: Record<string, string> = {
  title: 'title',
  body_html: 'bodyHtml',
  meta_title: 'seo.title',
  meta_description: 'seo.description',
};
const LOCALE = /^([a-z]{2}(?:-[A-Za-z]{2,4})?)\.(.+)$/;

/**
 * The names of the variants an entry logged whole (a variant added or removed): its options, else
 * its SKU. A removed variant is no longer in the product, and its id means nothing to a reader.
 */
function loggedVariantNames(changes: Record<string, { before: unknown; after: unknown }>): Map<string, string> {
  const names = new Map<string, string>();
  for (const [field, { before, after }] of Object.entries(changes)) {
    const id = /^variants\.([^.]+)$/.exec(field)?.[1];
    const variant = (after ?? before) as { options?: unknown; sku?: unknown } | null;
    if (!id || !variant || typeof variant !== 'object') continue;
    const options = Array.isArray(variant.options) ? variant.options.filter((o) => typeof o === 'string' && o).join(' / ') : '';
    const name = options || (typeof variant.sku === 'string' ? variant.sku : '');
    if (name) names.set(id, name);
  }
  return names;
}

/** A field in words: "Variant S / Red · Price" for variants.<id>.price, "SEO · Title", "Title (Dutch)" for nl.title. */
function useFieldLabel(product: ProductDetail) {
  const { t, i18n } = useTranslation('products');
  const fieldLabel = (field: string) => (KNOWN_FIELDS.includes(field) ? t(`editor.log.fields.${field}`) : null);
  const subLabel = (sub: string) =>
    sub === 'description'
      ? t('editor.log.fields.bodyHtml')
      : (fieldLabel(sub) ?? (KNOWN_VARIANT_FIELDS.includes(sub) ? t(`editor.log.variantFields.${sub}`) : sub));
  const labelOf = (field: string, logged: Map<string, string> = new Map()): string => {
    const variant = /^variants\.([^.]+)(?:\.(.+))?$/.exec(field);
    if (variant) {
      const [, id, sub] = variant;
      const found = product.variants.find((v) => v.id === id);
      const name = found
        ? found.options.filter(Boolean).join(' / ') || t('editor.variants.default')
        : (logged.get(id) ?? t('editor.log.removedVariant'));
      const label = t('editor.log.variant', { name });
      return sub ? `${label} · ${subLabel(sub)}` : label;
    }
    const known = fieldLabel(field);
    if (known) return known;
    const [head, ...rest] = field.split('.');
    if (rest.length === 1 && fieldLabel(head)) return `${fieldLabel(head)} · ${subLabel(rest[0])}`;
    const translated = LOCALE.exec(field);
    if (translated) {
      const [, locale, key] = translated;
      const option = /^option(\d)\.name$/.exec(key);
      const label = option
        ? `${t('editor.log.fields.options')} ${option[1]}`
        : TRANSLATED_FIELDS[key]
          ? labelOf(TRANSLATED_FIELDS[key])
          : key;
      return `${label} (${new Intl.DisplayNames([i18n.language], { type: 'language' }).of(locale) ?? locale})`;
    }
    return field;
  };
  return labelOf;
}

/** The words logged values are shown in, in the reader's language. */
function useValueWords(): ValueWords {
  const { t, i18n } = useTranslation('products');
  return {
    yes: t('editor.log.yes'),
    no: t('editor.log.no'),
    status: (status) => t(`list.status.${status}`, { defaultValue: status }),
    language: i18n.language,
  };
}

/** GET logs/product/{id}: who, when, what, and each changed field before → after; newest first. */
export function ChangeLogTab({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('products');
  const labelOf = useFieldLabel(product);
  const words = useValueWords();
  const { data: logs, error, isLoading } = useProductLogs(product.id);
  if (isLoading) return <LoadingBlock />;
  if (error || !logs) return <AlertText>{errorMessage(error)}</AlertText>;
  if (logs.length === 0) return <p className="text-sm text-gray-500">{t('editor.log.empty')}</p>;
  const actionLabel = (action: string) => t(`editor.log.actions.${action}`, { defaultValue: action });
  return (
    <ol className="space-y-4" aria-label={t('editor.tabs.log')}>
      {logs.map((log) => {
        const lines = describeChanges(log.changes);
        const variantNames = loggedVariantNames(log.changes);
        return (
          <li key={log.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="text-sm text-gray-900">
                <span className="font-semibold">{actionLabel(log.action)}</span>
                <span className="text-gray-600"> · {log.email ?? t('editor.log.system')}</span>
              </p>
              <time dateTime={log.createdAt} className="text-xs text-gray-500">
                {formatDateTime(log.createdAt)}
              </time>
            </div>
            {log.note && <p className="mt-2 text-sm text-gray-700">{t('editor.log.note', { note: log.note })}</p>}
            {lines.length > 0 && (
              <div className="mt-3 scroll-box">
                <table className="min-w-full text-sm">
                  <thead>
                    <tr className="text-left text-xs text-gray-500">
                      <th scope="col" className="py-1 pr-4 font-medium">
                        {t('editor.log.field')}
                      </th>
                      <th scope="col" className="py-1 pr-4 font-medium">
                        {t('editor.log.before')}
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        {t('editor.log.after')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100 align-top">
                    {lines.map((line) => (
                      <tr key={line.field}>
                        <th scope="row" className="py-1 pr-4 text-left font-medium whitespace-nowrap text-gray-700">
                          {labelOf(line.field, variantNames)}
                        </th>
                        <td className="py-1 pr-4 break-all text-gray-600">{formatLogValue(line.before, words, line.field)}</td>
                        <td className="py-1 break-all text-gray-900">
                          <span aria-hidden="true">→ </span>
                          {formatLogValue(line.after, words, line.field)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
