import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useSession } from '#web/session/use-session.ts';
import { useDeliverySettings, useDeliveryZones, type ZoneAnswer } from './api/delivery-zones.ts';
import { DeliveryPreview } from './delivery-preview.tsx';
import { DeliverySettingsSection } from './delivery-settings-section.tsx';
import { ZoneEditor } from './zone-editor.tsx';
import { ZoneList } from './zone-list.tsx';

/**
 * /app/delivery: the zones of the signed-in scope (the marketplace's for an admin, a vendor's own)
 * and its delivery settings.
 */
export function DeliveryPage() {
  const { t } = useTranslation('delivery');
  usePageTitle(t('title'));
  const user = useSession();
  const zones = useDeliveryZones();
  const settings = useDeliverySettings();
  // 'new', a zone being edited, or nothing (the list).
  const [editing, setEditing] = useState<ZoneAnswer | 'new' | null>(null);
  const isMarketplace = !!user?.admin && user.marketplaceView;

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
      <section aria-labelledby="zones-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="zones-title" className="text-lg font-semibold text-gray-900">
            {t('zones.title')}
          </h2>
          {editing === null && zones.data && <Button onClick={() => setEditing('new')}>{t('zones.add')}</Button>}
        </div>
        {zones.isLoading && <LoadingBlock />}
        {zones.error && !zones.data && (
          <div className="flex flex-wrap items-center gap-4">
            <AlertText>{errorMessage(zones.error)}</AlertText>
            <Button variant="secondary" onClick={() => void zones.mutate()}>
              {t('retry')}
            </Button>
          </div>
        )}
        {zones.data &&
          (editing === null ? (
            <ZoneList zones={zones.data.zones} markets={zones.data.markets} onEdit={setEditing} />
          ) : (
            <ZoneEditor
              key={editing === 'new' ? 'new' : editing.id}
              zone={editing === 'new' ? null : editing}
              markets={zones.data.markets}
              storeCurrency={zones.data.currency}
              onDone={() => setEditing(null)}
            />
          ))}
      </section>
      {settings.isLoading && <LoadingBlock />}
      {settings.error && !settings.data && <AlertText>{errorMessage(settings.error)}</AlertText>}
      {settings.data && (
        <DeliverySettingsSection values={settings.data.delivery} zones={zones.data?.zones ?? []} isMarketplace={isMarketplace} />
      )}
      {zones.data && <DeliveryPreview markets={zones.data.markets} />}
    </div>
  );
}
