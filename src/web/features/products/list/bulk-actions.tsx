import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { translateMessage } from '#web/i18n/index.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { ProductAction } from './api/apply-product-action.ts';

export interface BulkResult {
  action: ProductAction;
  succeeded: number;
  failures: { title: string; message: string }[];
}

/** The admin's actions on the selected products of the page. */
export function BulkActionBar({ count, onAction, onClear }: { count: number; onAction: (action: ProductAction) => void; onClear: () => void }) {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  return (
    <div role="region" aria-label={t('actions.bulkLabel', words)} className="flex flex-wrap items-center gap-3 rounded-lg bg-indigo-50 px-4 py-3 ring-1 ring-indigo-200">
      <p className="text-sm font-medium text-indigo-900">{t('actions.selected', { ...words, count })}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onAction('approve')}>{t('actions.approve')}</Button>
        <Button variant="secondary" onClick={() => onAction('unapprove')}>
          {t('actions.unapprove')}
        </Button>
        <Button variant="secondary" onClick={() => onAction('delete')}>
          {t('actions.delete')}
        </Button>
        <Button variant="secondary" onClick={onClear}>
          {t('actions.clearSelection')}
        </Button>
      </div>
    </div>
  );
}

/** What a bulk action did: how many products changed and, per product, why the others did not. */
export function BulkResultNote({ result, onDismiss }: { result: BulkResult; onDismiss: () => void }) {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  const failed = result.failures.length;
  return (
    <div
      role={failed ? 'alert' : 'status'}
      className={`flex flex-wrap items-start justify-between gap-4 rounded-lg px-4 py-3 text-sm ring-1 ${
        failed ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-green-50 text-green-900 ring-green-200'
      }`}
    >
      <div>
        {result.succeeded > 0 && <p className="font-medium">{t(`actions.done.${result.action}`, { ...words, count: result.succeeded })}</p>}
        {failed > 0 && (
          <>
            <p className="font-medium">{t(`actions.failed.${result.action}`, { ...words, count: failed })}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {result.failures.map((failure, i) => (
                <li key={i}>
                  <span className="font-medium">{failure.title}</span>: {translateMessage(failure.message)}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <Button variant="secondary" onClick={onDismiss}>
        {t('actions.dismiss')}
      </Button>
    </div>
  );
}
