import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';

interface OrderPagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** "Page 2 of 7" with Previous and Next (each a new address, so the back button pages back); hidden for one page. */
export function OrderPager({ page, pageCount, onPage }: OrderPagerProps) {
  const { t, i18n } = useTranslation('orders');
  if (pageCount <= 1 && page <= 1) return null;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <nav aria-label={t('list.paging.label')} className="flex flex-wrap items-center justify-between gap-4">
      <p className="text-sm text-gray-600">{t('list.paging.page', { page: number(page), pageCount: number(pageCount) })}</p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          className="disabled:opacity-50"
          onClick={() => onPage(Math.min(page - 1, pageCount))}
          disabled={page <= 1}
        >
          {t('list.paging.previous')}
        </Button>
        <Button variant="secondary" className="disabled:opacity-50" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
          {t('list.paging.next')}
        </Button>
      </div>
    </nav>
  );
}
