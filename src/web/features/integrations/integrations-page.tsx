import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AlertText } from '#web/components/alert-text.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useIntegrationKeys, useSellerProducts } from './api/integrations.ts';
import { CatalogSyncCard } from './catalog-sync-card.tsx';
import { PlatformClaimCard } from './platform-claim-card.tsx';
import { PlatformProductsCard } from './platform-products-card.tsx';
import { ConnectShopCard, SyncSettingsCard } from './prestashop-connection.tsx';
import { SheetsSection } from './sheets-section.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';

/**
 * /app/integrations: a vendor brings its catalog from its own PrestaShop shop (connect it, the key
 * checked with the shop; set how prices are made; import its products) and from its own shop on the
 * storefront platform (its products and which of ours each became; a shop approved from the
 * platform arrives with `?claim=` and waits for the vendor to connect it); and the Google sheet the
 * orders and products are written to.
 */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  usePageTitle(t('integrationsTitle'));
  const keys = useIntegrationKeys();
  const seller = useSellerProducts(keys.data?.canConnect ?? false);
  const text = useMessageText('integrations');
  const [params, setParams] = useSearchParams();
  const claim = params.get('claim');
  // Once used or dismissed, the claim leaves the address (and the history entry it came with).
  const dropClaim = () =>
    setParams(
      (current) => {
        current.delete('claim');
        return current;
      },
      { replace: true },
    );
  const data = keys.data;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('integrationsTitle')}</h1>
      {keys.isLoading && <LoadingBlock />}
      {keys.error && !data && <AlertText>{text(errorMessage(keys.error))}</AlertText>}
      {data && !data.canConnect && (
        <p className="rounded-lg bg-white p-6 text-sm text-gray-600 shadow-sm ring-1 ring-gray-900/5">{t('prestashop.vendorOnly')}</p>
      )}
      {data?.canConnect && (
        <div className="space-y-6">
          {claim && <PlatformClaimCard claim={claim} onDone={dropClaim} />}
          {!data.integration && (
            <div className="rounded-lg border-2 border-dashed border-gray-300 p-6 text-center">
              <h2 className="text-sm font-semibold text-gray-900">{t('prestashop.emptyTitle')}</h2>
              <p className="mt-1 text-sm text-gray-600">{t('prestashop.emptyBody')}</p>
            </div>
          )}
          <ConnectShopCard key={data.integration?.domain ?? 'none'} integration={data.integration} />
          {data.integration && (
            <>
              <CatalogSyncCard lastSync={data.lastSync} />
              <SyncSettingsCard key={data.integration.connectedAt} integration={data.integration} />
            </>
          )}
          {seller.error && !seller.data && <AlertText>{text(errorMessage(seller.error))}</AlertText>}
          {seller.data && <PlatformProductsCard data={seller.data} />}
        </div>
      )}
      {/* Admins (the marketplace's orders) and vendors (their own) each write to their own sheet. */}
      <SheetsSection />
    </div>
  );
}
