import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Market } from '#shared/delivery-markets';
import { Button } from '#web/components/button.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { deleteZone, type ZoneAnswer } from './api/delivery-zones.ts';

/** The zones of the scope, each with its countries and rates, to edit or delete (after a confirmation). */
export function ZoneList({ zones, markets, onEdit }: { zones: ZoneAnswer[]; markets: Market[]; onEdit: (zone: ZoneAnswer) => void }) {
  const { t } = useTranslation('delivery');
  const [deleting, setDeleting] = useState<ZoneAnswer | null>(null);
  const countryName = (code: string) => markets.find((m) => m.code === code)?.name ?? code;
  if (zones.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-gray-300 px-6 py-8 text-center text-sm text-gray-600">{t('zones.empty')}</p>
    );
  return (
    <>
      <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
        {zones.map((zone) => (
          <li key={zone.id} className="flex flex-wrap items-center justify-between gap-4 px-6 py-4">
            <div className="min-w-0">
              <h3 className="text-sm font-semibold text-gray-900">{zone.zoneName}</h3>
              <p className="mt-1 truncate text-sm text-gray-600">
                {zone.countries.length ? zone.countries.map((c) => countryName(c.code)).join(', ') : t('zones.noCountries')}
              </p>
              <p className="text-xs text-gray-500">
                {t('zones.rates', { count: zone.rates.length })} · {t('zones.currency', { currency: zone.currency })}
              </p>
            </div>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => onEdit(zone)} aria-label={t('zones.editNamed', { name: zone.zoneName })}>
                {t('zones.edit')}
              </Button>
              <Button variant="secondary" onClick={() => setDeleting(zone)} aria-label={t('zones.deleteNamed', { name: zone.zoneName })}>
                {t('zones.delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title={t('zones.deleteTitle', { name: deleting?.zoneName ?? '' })}
        confirmLabel={t('zones.delete')}
        onConfirm={() => deleteZone(deleting!.id)}
        onClose={() => setDeleting(null)}
      >
        {t('zones.deleteText')}
      </ConfirmDialog>
    </>
  );
}
