import { useTranslation } from 'react-i18next';
import type { AuditQuery } from '#shared/schemas/audit';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { formatDateTime } from '#web/components/format-date.ts';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { useMoney } from '#web/components/use-money.ts';
import { useAuditRecords } from './api.ts';
import { changeSentences } from './change-sentences.ts';

interface ChangeHistoryProps {
  /** The filters: one object's history (`entity` and `entityId`), or the store's filtered. */
  query: Omit<AuditQuery, 'after' | 'limit'>;
  /** The list's accessible name. */
  label?: string;
}

/**
 * Who changed what and when, in words, newest first, with "Show more" following the cursor. The
 * store-wide history screen and each object's screen (product, order, vendor, settings) use it.
 */
export function ChangeHistory({ query, label }: ChangeHistoryProps) {
  const { t } = useTranslation('change-history');
  const money = useMoney();
  const { data, error, isLoading, size, setSize, mutate } = useAuditRecords(query);
  const records = data?.flatMap((page) => page.records) ?? [];
  const hasMore = !!data?.at(-1)?.next;
  if (isLoading && !data) return <LoadingBlock />;
  if (error && !data)
    return <LoadFailed message={t(errorMessage(error), { defaultValue: t('failed') })} onRetry={() => void mutate()} boxed />;
  if (records.length === 0) return <p className="text-sm text-gray-600">{t('none')}</p>;
  return (
    <div className="space-y-3">
      <ol className="divide-y divide-gray-100 rounded-lg bg-white ring-1 ring-gray-200" aria-label={label ?? t('label')}>
        {records.map((record) => (
          <li key={record.id} className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:gap-4">
            <time dateTime={record.at} className="shrink-0 text-gray-500 sm:w-44">
              {formatDateTime(record.at)}
            </time>
            <div className="min-w-0 break-words text-gray-900">
              {changeSentences(record, t, money).map((sentence, index) => (
                <p key={index}>{sentence}</p>
              ))}
              {record.ledgerEntryIds.length > 0 && record.entity !== 'ledger_entries' && (
                <p className="text-gray-500">{t('ledger', { count: record.ledgerEntryIds.length })}</p>
              )}
            </div>
          </li>
        ))}
      </ol>
      {hasMore && (
        <Button variant="secondary" disabled={isLoading} onClick={() => void setSize(size + 1)}>
          {t('more')}
        </Button>
      )}
    </div>
  );
}
