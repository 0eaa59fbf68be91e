import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REVISION_PAGE_SIZE } from '#shared/schemas/product-revisions';
import { Button } from '#web/components/button.tsx';
import { formatDateTime } from '#web/components/format-date.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { useRevisions } from '../editor/api/product-revision.ts';

/**
 * Beside the new products waiting for approval: edits of live products waiting for review, oldest
 * first, each opening the product with its changes side by side. Nothing waiting: nothing shown.
 */
export function PendingRevisions() {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  const [page, setPage] = useState(1);
  const { data } = useRevisions(page);
  if (!data || data.count === 0) return null;
  const pages = Math.ceil(data.count / REVISION_PAGE_SIZE);
  return (
    <section aria-labelledby="pending-revisions" className="rounded-lg border border-amber-200 bg-amber-50 p-4">
      <h2 id="pending-revisions" className="text-base font-semibold text-gray-900">
        {t('revision.listTitle', { count: data.count })}
      </h2>
      <ul className="mt-3 divide-y divide-amber-200">
        {data.revisions.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-3 py-2">
            {r.image && <img src={r.image} alt="" className="h-10 w-10 rounded object-cover" loading="lazy" />}
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium break-words text-gray-900">
                {r.title}
                {r.proposedTitle !== r.title && <span className="font-normal text-gray-600"> → {r.proposedTitle}</span>}
              </p>
              <p className="text-xs text-gray-600">
                {r.vendor} · {formatDateTime(r.createdAt)}
              </p>
            </div>
            <Link
              to={`/products/${r.productId}`}
              className="rounded-md text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              aria-label={t('revision.reviewLabel', { title: r.title })}
            >
              {t('revision.review', words)}
            </Link>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="mt-2 flex gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('revision.previous')}
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('revision.next')}
          </Button>
        </div>
      )}
    </section>
  );
}
