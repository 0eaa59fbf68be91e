import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShippoKeyBodySchema } from '#shared/schemas/shipping';
import { Button } from '#web/components/button.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { saveShippoKey, removeShippoKey, useShippoKey } from '../api/shippo-key.ts';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';

/**
 * The Shippo account labels are bought with: the marketplace's in its own view, a vendor's own where
 * the marketplace lets vendors connect one (otherwise the vendor is told whose account it uses).
 */
export function ShippoKeySection() {
  const { t } = useTranslation('settings');
  const text = useMessageText();
  const { data } = useShippoKey();
  const [confirming, setConfirming] = useState(false);
  if (!data) return null;
  const status = data.active ? t('shippo.active') : data.using === 'marketplace' ? t('shippo.usingMarketplace') : t('shippo.none');
  if (!data.canConnect) {
    return (
      <section
        id="shippo"
        aria-labelledby="shippo-title"
        className="scroll-mt-6 rounded-lg bg-white px-6 py-4 shadow-sm ring-1 ring-gray-900/5"
      >
        <h3 id="shippo-title" className="text-base font-semibold text-gray-900">
          {t('shippo.title')}
        </h3>
        <p className="mt-1 text-sm text-gray-600">{status}</p>
      </section>
    );
  }
  return (
    <SettingsSection
      id="shippo"
      title={t('shippo.title')}
      description={t('shippo.description')}
      schema={ShippoKeyBodySchema}
      values={{ apiKey: '' }}
      save={async (body) => {
        await saveShippoKey(body);
        return { apiKey: '' };
      }}
    >
      <p role="status" className="text-sm text-gray-700" data-testid="shippo-status">
        {status}
      </p>
      <TextField
        name="apiKey"
        type="password"
        autoComplete="off"
        label={data.active ? t('shippo.replaceKey') : t('shippo.apiKey')}
        hint={t('shippo.hint')}
      />
      {data.active && (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t('shippo.remove')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('shippo.removeTitle')}
        confirmLabel={t('shippo.remove')}
        messageText={text}
        onClose={() => setConfirming(false)}
        onConfirm={removeShippoKey}
      >
        {t('shippo.removeText')}
      </ConfirmDialog>
    </SettingsSection>
  );
}
