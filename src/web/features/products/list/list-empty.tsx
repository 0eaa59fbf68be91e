import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { ListTab } from './status-tabs.tsx';
import { textLinkClass } from '#web/components/link-styles.ts';

interface ListEmptyProps {
  status: ListTab;
  /** No product at all yet (no filters, the All tab counts none). */
  isStoreEmpty: boolean;
  isFiltered: boolean;
  onClearFilters: () => void;
}

/** Why the list is empty, and the way on: create or import the first products, or clear the filters. */
export function ListEmpty({ status, isStoreEmpty, isFiltered, onClearFilters }: ListEmptyProps) {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  return (
    <div className="rounded-lg border-2 border-dashed border-gray-300 bg-white px-6 py-12 text-center text-sm text-gray-600">
      {isFiltered ? (
        <>
          <p className="font-medium text-gray-900">{t('list.empty.filtered', words)}</p>
          <Button variant="secondary" className="mt-4" onClick={onClearFilters}>
            {t('list.empty.clearFilters')}
          </Button>
        </>
      ) : isStoreEmpty || status === 'ALL' ? (
        <>
          <p className="font-medium text-gray-900">{t('list.empty.none', words)}</p>
          <p className="mt-2">
            <Link to="/products/new" className={textLinkClass}>
              {t('list.empty.create', words)}
            </Link>{' '}
            {t('list.empty.or')}{' '}
            <Link to="/products/import" className={textLinkClass}>
              {t('list.empty.import', words)}
            </Link>
          </p>
        </>
      ) : (
        <p className="font-medium text-gray-900">{t(`list.empty.${status}`, words)}</p>
      )}
    </div>
  );
}
