import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { translateMessage } from '#web/i18n/index.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { BulkProductAction } from './api/bulk-products.ts';
import type { ListTab } from './status-tabs.tsx';

export interface BulkResult {
  action: BulkProductAction;
  succeeded: number;
  failures: { title: string; message: string }[];
  /** Changed by a job: this many are on their way. */
  queued?: number;
}

/** The bulk actions that make sense on a tab: no "set active" on the Active tab, no "set to draft" on the Draft tab; admins also decide and delete. */
export function bulkActionsFor(tab: ListTab, isAdmin: boolean): BulkProductAction[] {
  const status: BulkProductAction[] = [
    ...(tab === 'ACTIVE' ? [] : (['activate'] as const)),
    ...(tab === 'DRAFT' ? [] : (['draft'] as const)),
  ];
  if (!isAdmin) return status;
  return tab === 'WAITING' ? ['approve', 'unapprove', ...status, 'delete'] : [...status, 'approve', 'unapprove', 'delete'];
}

interface BulkActionBarProps {
  tab: ListTab;
  isAdmin: boolean;
  /** Products the action would change: the page's selection, or every product the filter matches. */
  count: number;
  /** Every product on the page is selected and more match: the bar offers all of them. */
  matching: { count: number; capped: boolean; selected: boolean } | null;
  onSelectMatching: (isSelected: boolean) => void;
  onAction: (action: BulkProductAction) => void;
  onClear: () => void;
}

/** The actions on the selected products: the page's, or all the filter matches once asked for. */
export function BulkActionBar({ tab, isAdmin, count, matching, onSelectMatching, onAction, onClear }: BulkActionBarProps) {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  return (
    <div
      role="region"
      aria-label={t('actions.bulkLabel', words)}
      className="flex flex-wrap items-center gap-3 rounded-lg bg-indigo-50 px-4 py-3 ring-1 ring-indigo-200"
    >
      <p className="text-sm font-medium text-indigo-900" aria-live="polite">
        {matching?.selected ? t('actions.allMatchingSelected', { ...words, count }) : t('actions.selected', { ...words, count })}
      </p>
      {matching && !matching.capped && (
        <Button variant="secondary" onClick={() => onSelectMatching(!matching.selected)}>
          {matching.selected ? t('actions.selectPageOnly') : t('actions.selectAllMatching', { ...words, count: matching.count })}
        </Button>
      )}
      <div className="flex flex-wrap gap-2">
        {bulkActionsFor(tab, isAdmin).map((action, i) => (
          <Button key={action} variant={i === 0 ? 'primary' : 'secondary'} onClick={() => onAction(action)}>
            {t(`actions.${tab === 'WAITING' && action === 'unapprove' ? 'reject' : action}`)}
          </Button>
        ))}
        <Button variant="secondary" onClick={onClear}>
          {t('actions.clearSelection')}
        </Button>
      </div>
    </div>
  );
}

/** What a bulk action did: how many products changed and, per product, why the others did not; or that a job is on it. */
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
        {result.queued ? <p className="font-medium">{t('actions.queued', { ...words, count: result.queued })}</p> : null}
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
