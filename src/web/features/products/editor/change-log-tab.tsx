import { useTranslation } from 'react-i18next';
import type { ProductDetail } from '#shared/schemas/products';
import { AlertText } from '../../../components/alert-text.tsx';
import { errorMessage } from '../../../components/error-message.ts';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { useProductLogs } from './api/product-logs.ts';
import { describeChanges } from './log-changes.ts';

const KNOWN_FIELDS = ['title', 'bodyHtml', 'handle', 'status', 'vendor', 'seo', 'options', 'media', 'metafields', 'approved', 'product', 'variants'];
const KNOWN_VARIANT_FIELDS = ['price', 'compareAt', 'sku', 'barcode', 'stock', 'trackStock', 'taxable', 'requiresShipping', 'weight', 'weightUnit', 'dimensions', 'localPickup', 'options', 'media', 'metafields'];

/** "Variant S / Red · Price" for variants.<id>.price; the known product fields by their label. */
function useFieldLabel(product: ProductDetail) {
  const { t } = useTranslation('products');
  return (field: string) => {
    const variant = /^variants\.([^.]+)(?:\.(.+))?$/.exec(field);
    if (variant) {
      const [, id, sub] = variant;
      const found = product.variants.find((v) => v.id === id);
      const name = found ? found.options.filter(Boolean).join(' / ') || t('editor.variants.default') : id.slice(0, 8);
      const label = t('editor.log.variant', { name });
      if (!sub) return label;
      return `${label} · ${KNOWN_VARIANT_FIELDS.includes(sub) ? t(`editor.log.variantFields.${sub}`) : sub}`;
    }
    if (KNOWN_FIELDS.includes(field)) return t(`editor.log.fields.${field}`);
    // Translations are logged as <locale>.<key>.
    return field;
  };
}

/** GET logs/product/{id}: who, when, what, and each changed field before → after; newest first. */
export function ChangeLogTab({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('products');
  const labelOf = useFieldLabel(product);
  const { data: logs, error, isLoading } = useProductLogs(product.id);
  if (isLoading) return <LoadingBlock />;
  if (error || !logs) return <AlertText>{errorMessage(error)}</AlertText>;
  if (logs.length === 0) return <p className="text-sm text-gray-500">{t('editor.log.empty')}</p>;
  const actionLabel = (action: string) => t(`editor.log.actions.${action}`, { defaultValue: action });
  return (
    <ol className="space-y-4" aria-label={t('editor.tabs.log')}>
      {logs.map((log) => {
        const lines = describeChanges(log.changes);
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
                      <th scope="col" className="py-1 pr-4 font-medium">{t('editor.log.field')}</th>
                      <th scope="col" className="py-1 pr-4 font-medium">{t('editor.log.before')}</th>
                      <th scope="col" className="py-1 font-medium">{t('editor.log.after')}</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100 align-top">
                    {lines.map((line) => (
                      <tr key={line.field}>
                        <th scope="row" className="py-1 pr-4 text-left font-medium whitespace-nowrap text-gray-700">
                          {labelOf(line.field)}
                        </th>
                        <td className="py-1 pr-4 break-all text-gray-600">{line.before}</td>
                        <td className="py-1 break-all text-gray-900">
                          <span aria-hidden="true">→ </span>
                          {line.after}
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
