import { useTranslation } from 'react-i18next';
import type { OfferStatusFilter } from '#shared/schemas/offers';

const COLOURS: Record<OfferStatusFilter, string> = {
  all: 'bg-gray-100 text-gray-700',
  pending: 'bg-yellow-50 text-yellow-800 ring-yellow-600/20',
  countered: 'bg-blue-50 text-blue-700 ring-blue-700/10',
  accepted: 'bg-green-50 text-green-700 ring-green-600/20',
  completed: 'bg-indigo-50 text-indigo-700 ring-indigo-700/10',
  rejected: 'bg-red-50 text-red-700 ring-red-600/10',
};

export function OfferStatusBadge({ status }: { status: OfferStatusFilter }) {
  const { t } = useTranslation('offers');
  return (
    <span className={`inline-flex items-center rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset ${COLOURS[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}
