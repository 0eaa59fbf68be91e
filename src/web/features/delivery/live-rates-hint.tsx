import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { textLinkClass } from '#web/components/link-styles.ts';
import { useShippoAccount } from './api/shippo-account.ts';

/**
 * What live rates need, said for this reader: with a Shippo account in use, nothing more; one they
 * may connect themselves, where (the settings' Shippo section); one only the marketplace can
 * connect, that it is the marketplace's to do. Never a pointer to a field the reader does not have.
 */
export function useLiveRatesHint(): { hint: string; needsOwnAccount: boolean } {
  const { t } = useTranslation('delivery');
  const { data } = useShippoAccount();
  if (!data || data.using !== 'none') return { hint: t('settings.enableLiveRatesHint'), needsOwnAccount: false };
  if (!data.canConnect) return { hint: t('settings.liveRates.marketplaceMust'), needsOwnAccount: false };
  return { hint: t('settings.liveRates.connectOwn'), needsOwnAccount: true };
}

/** The way to the settings' Shippo section, for a reader who may connect an account there. */
export function ShippoSettingsLink() {
  const { t } = useTranslation('delivery');
  return (
    <p className="text-sm">
      <Link to="/settings/page#shippo" className={textLinkClass}>
        {t('settings.liveRates.settingsLink')}
      </Link>
    </p>
  );
}
