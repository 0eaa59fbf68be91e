import { useTranslation } from 'react-i18next';
import type { OfferHistoryEntry } from '#shared/schemas/offers';
import { useOfferFormat } from './use-offer-format.ts';

/** Each step of an offer: what happened, by whom, at which amount, when. */
export function OfferHistory({ history, currency }: { history: OfferHistoryEntry[]; currency: string }) {
  const { t } = useTranslation('offers');
  const { money, when } = useOfferFormat();
  return (
    <ol className="space-y-1 text-sm text-gray-700" aria-label={t('history.label')}>
      {history.map((entry, index) => (
        <li key={index} className="flex flex-wrap gap-x-2">
          <time dateTime={entry.at} className="text-gray-500">
            {when(entry.at)}
          </time>
          <span className="font-medium">{t(`history.events.${entry.event}`)}</span>
          {entry.amount && <span>{money(entry.amount, currency)}</span>}
          <span className="text-gray-500">
            {t(`history.by.${entry.actor}`)}
            {entry.actorName && entry.actor !== 'system' ? ` (${entry.actorName})` : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}
