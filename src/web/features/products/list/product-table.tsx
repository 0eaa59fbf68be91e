import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { checkboxClass } from '#web/components/form/input-style.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { formatDateTime } from '#web/components/format-date.ts';
import type { ProductListItem } from '../api/list-products.ts';
import { statusSummary, stockSummary } from './product-summary.ts';
import { formatPriceRange } from '#web/components/format-price-range.ts';
import { ProductThumbnail } from '#web/components/media/product-thumbnail.tsx';
import { CardTable } from '#web/components/card-table.tsx';
import type { BulkProductAction } from './api/bulk-products.ts';
import { RowActions } from './row-actions.tsx';
import type { ListTab } from './status-tabs.tsx';

interface ProductTableProps {
  products: ProductListItem[];
  /** The tab shown: it decides each row's actions. */
  tab: ListTab;
  /** Admins also approve, unapprove and delete. */
  isAdmin: boolean;
  /** The marketplace view shows whose product it is. */
  showVendor: boolean;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], isSelected: boolean) => void;
  onRowAction: (product: ProductListItem, action: BulkProductAction) => void;
  isBusy: boolean;
}

const STATUS_BADGE = {
  draft: 'bg-gray-100 text-gray-700',
  live: 'bg-green-100 text-green-800',
  archived: 'bg-amber-100 text-amber-800',
  waiting: 'bg-gray-100 text-gray-700 ring-1 ring-amber-300 ring-inset',
} as const;

const th = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase';
const td = 'px-3 py-3 align-middle text-sm text-gray-700';

export function ProductTable({ products, tab, isAdmin, showVendor, selected, onSelect, onRowAction, isBusy }: ProductTableProps) {
  const { t, i18n } = useTranslation('products');
  const words = useWordingValues();
  const all = useRef<HTMLInputElement>(null);
  const selectedOnPage = products.filter((p) => selected.has(p.id)).length;
  const isAllSelected = products.length > 0 && selectedOnPage === products.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = selectedOnPage > 0 && !isAllSelected;
  }, [selectedOnPage, isAllSelected]);

  return (
    <div
      className={`scroll-box rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5 ${isBusy ? 'opacity-60' : ''}`}
      aria-busy={isBusy || undefined}
    >
      <CardTable
        className="min-w-full divide-y divide-gray-200"
        labels={[
          null,
          null,
          null,
          ...(showVendor ? [words.Vendor] : []),
          t('list.columns.status'),
          t('list.columns.approval'),
          t('list.columns.stock'),
          t('list.columns.price'),
          t('list.columns.updated'),
          null,
        ]}
      >
        <caption className="sr-only">{words.Products}</caption>
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className="w-10 px-3 py-3">
              <input
                ref={all}
                type="checkbox"
                className={checkboxClass}
                checked={isAllSelected}
                onChange={(event) =>
                  onSelect(
                    products.map((p) => p.id),
                    event.target.checked,
                  )
                }
                aria-label={t('list.selectPage')}
              />
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">{t('list.columns.image')}</span>
            </th>
            <th scope="col" className={th}>
              {t('list.columns.title')}
            </th>
            {showVendor && (
              <th scope="col" className={th}>
                {words.Vendor}
              </th>
            )}
            <th scope="col" className={th}>
              {t('list.columns.status')}
            </th>
            <th scope="col" className={th}>
              {t('list.columns.approval')}
            </th>
            <th scope="col" className={th}>
              {t('list.columns.stock')}
            </th>
            <th scope="col" className={th}>
              {t('list.columns.price')}
            </th>
            <th scope="col" className={th}>
              {t('list.columns.updated')}
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">{t('list.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {products.map((product) => (
            <tr key={product.id} data-testid="product-row" className={selected.has(product.id) ? 'bg-indigo-50/60' : undefined}>
              <td className="card-lead w-10 px-3 py-3">
                <input
                  type="checkbox"
                  className={checkboxClass}
                  checked={selected.has(product.id)}
                  onChange={(event) => onSelect([product.id], event.target.checked)}
                  aria-label={t('list.selectProduct', { title: product.title })}
                />
              </td>
              <td className="card-lead w-14 px-3 py-2">
                <ProductThumbnail src={product.image} />
              </td>
              <th scope="row" className="card-title px-3 py-3 text-left text-sm font-medium">
                <Link
                  to={`/products/${product.id}`}
                  className="text-gray-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {product.title}
                </Link>
              </th>
              {showVendor && <td className={td}>{product.vendor}</td>}
              <td className={td}>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_BADGE[statusSummary(product).badge]}`}>
                  {t(statusSummary(product).key)}
                </span>
              </td>
              <td className={td}>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${product.approved ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'}`}
                >
                  {product.approved ? t('list.approval.approved') : t('list.approval.pending')}
                </span>
              </td>
              <td className={td}>
                <span className={product.inStock ? undefined : 'font-medium text-red-700'}>
                  {t(stockSummary(product).key, { count: stockSummary(product).count })}
                </span>
                <span className="block text-xs text-gray-500">{t('list.stockSummary.variants', { count: product.variantsCount })}</span>
              </td>
              <td className={`${td} whitespace-nowrap`}>
                {formatPriceRange(product.priceMin, product.priceMax, product.currency, i18n.language)}
              </td>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={product.updatedAt}>{formatDateTime(product.updatedAt)}</time>
              </td>
              <td className={`${td} text-right`}>
                <RowActions product={product} tab={tab} isAdmin={isAdmin} onAction={(action) => onRowAction(product, action)} />
              </td>
            </tr>
          ))}
        </tbody>
      </CardTable>
    </div>
  );
}

/** Grey bars in the table's shape while the first page loads. */
export function ProductTableSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} className="rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
      <ul className="divide-y divide-gray-100" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="flex animate-pulse items-center gap-4 px-4 py-3">
            <span className="size-10 rounded-md bg-gray-200" />
            <span className="h-3 w-1/3 rounded bg-gray-200" />
            <span className="ml-auto h-3 w-16 rounded bg-gray-100" />
            <span className="h-3 w-20 rounded bg-gray-100" />
            <span className="h-3 w-24 rounded bg-gray-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}
