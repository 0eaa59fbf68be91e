import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';

interface OrdersEmptyProps {
  isFiltered: boolean;
  /** Past the last page (an old link, or orders that moved on): the way back is the first page. */
  isPastEnd: boolean;
  onClearFilters: () => void;
  onFirstPage: () => void;
}

/** Why the list is empty, and the way on: nothing sold yet, or clear the filters. */
export function OrdersEmpty({ isFiltered, isPastEnd, onClearFilters, onFirstPage }: OrdersEmptyProps) {
  const { t } = useTranslation('orders');
  return (
    <div className="rounded-lg border-2 border-dashed border-gray-300 bg-white px-6 py-12 text-center text-sm text-gray-600">
      {isPastEnd ? (
        <>
          <p className="font-medium text-gray-900">{t('list.empty.pastEnd')}</p>
          <Button variant="secondary" className="mt-4" onClick={onFirstPage}>
            {t('list.empty.firstPage')}
          </Button>
        </>
      ) : isFiltered ? (
        <>
          <p className="font-medium text-gray-900">{t('list.empty.filtered')}</p>
          <Button variant="secondary" className="mt-4" onClick={onClearFilters}>
            {t('list.empty.clearFilters')}
          </Button>
        </>
      ) : (
        <>
          <p className="font-medium text-gray-900">{t('list.empty.none')}</p>
          <p className="mt-2">{t('list.empty.noneText')}</p>
        </>
      )}
    </div>
  );
}
