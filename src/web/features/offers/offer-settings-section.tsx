import { mutate } from 'swr';
import { useTranslation } from 'react-i18next';
import { OfferSettingsBodySchema, VendorOfferSettingsSchema } from '#shared/schemas/offers';
import { SETTINGS_KEY, useSettings } from '#web/api/get-settings.ts';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { saveOfferSettings, saveVendorOfferSettings } from './api/offers.ts';

/**
 * Below the list: in the marketplace view the store's offer hours; in a vendor's view whether the
 * vendor takes offers at all.
 */
export function OfferSettingsSection({ isMarketplace }: { isMarketplace: boolean }) {
  const { t } = useTranslation('offers');
  const { data } = useSettings();
  if (!data) return null;
  if (isMarketplace) {
    return (
      <SettingsSection
        id="offer-settings"
        title={t('settings.title')}
        description={t('settings.storeExplain')}
        schema={OfferSettingsBodySchema}
        values={data.settings.offers}
        save={async (values) => {
          const saved = await saveOfferSettings(values);
          await mutate(SETTINGS_KEY);
          return saved;
        }}
      >
        <TextField
          name="pendingExpiryHours"
          numeric="number"
          label={t('settings.pendingExpiryHours')}
          hint={t('settings.pendingExpiryHint')}
        />
        <TextField name="checkoutHours" numeric="number" label={t('settings.checkoutHours')} hint={t('settings.checkoutHint')} />
      </SettingsSection>
    );
  }
  return (
    <SettingsSection
      id="offer-settings"
      title={t('settings.title')}
      schema={VendorOfferSettingsSchema}
      values={{ acceptsOffers: data.vendorSettings?.acceptsOffers ?? true }}
      save={async (values) => {
        const saved = await saveVendorOfferSettings(values);
        await mutate(SETTINGS_KEY);
        return saved;
      }}
    >
      <ToggleField name="acceptsOffers" label={t('settings.acceptsOffers')} hint={t('settings.acceptsOffersHint')} />
    </SettingsSection>
  );
}
