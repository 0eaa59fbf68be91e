import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { formatCount } from '#web/components/format-count.ts';

interface PagerProps {
  shown: number;
  count: number;
  capped: boolean;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean };
  onPrevious: () => void;
  onNext: () => void;
}

/** Previous and Next by cursor (each a new address, so the back button pages back). */
export function Pager({ shown, count, capped, pageInfo, onPrevious, onNext }: PagerProps) {
  const { t, i18n } = useTranslation('products');
  const words = useWordingValues();
  return (
    <nav aria-label={t('list.paging.label')} className="flex flex-wrap items-center justify-between gap-4">
      <p className="text-sm text-gray-600">
        {t('list.paging.shown', { ...words, shown, total: formatCount({ count, capped }, i18n.language) })}
      </p>
      {(pageInfo.hasPreviousPage || pageInfo.hasNextPage) && (
        <div className="flex gap-2">
          <Button variant="secondary" className="disabled:opacity-50" onClick={onPrevious} disabled={!pageInfo.hasPreviousPage}>
            {t('list.paging.previous')}
          </Button>
          <Button variant="secondary" className="disabled:opacity-50" onClick={onNext} disabled={!pageInfo.hasNextPage}>
            {t('list.paging.next')}
          </Button>
        </div>
      )}
    </nav>
  );
}
