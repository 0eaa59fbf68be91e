import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { ChangeHistory } from '#web/components/change-history/change-history.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { textLinkClass } from '#web/components/link-styles.ts';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { useVendorOverview } from '../api/vendor-overview.ts';
import { CreateAccountDialog } from '../create-account-dialog.tsx';
import { DeleteVendorDialog } from '../delete-vendor-dialog.tsx';
import { RenameVendorDialog } from '../rename-vendor-dialog.tsx';
import type { VendorAction } from '../vendor-card.tsx';
import { VendorPageLink } from '../vendor-page-link.tsx';
import { VendorConversationsSection } from './vendor-conversations-section.tsx';
import { VendorMoneySection } from './vendor-money-section.tsx';
import { VendorOrdersSection } from './vendor-orders-section.tsx';
import { VendorProductsSection } from './vendor-products-section.tsx';
import { VendorProfileSection } from './vendor-profile-section.tsx';
import { VendorSection } from './vendor-section.tsx';

/**
 * /app/vendors/:vendorId: one vendor for the admin, everything about it on one screen, each part
 * leading to its full list filtered to this vendor. By id, so a rename keeps the address.
 */
export function VendorDetailPage() {
  const { t } = useTranslation('vendors');
  const words = useWordingValues();
  const { vendorId = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useVendorOverview(vendorId);
  const [dialog, setDialog] = useState<VendorAction | null>(null);
  const vendor = data?.vendor;
  usePageTitle(vendor?.name ?? words.Vendor);
  const close = () => {
    setDialog(null);
    void mutate();
  };

  return (
    <div className="space-y-6">
      <Link to="/vendors" className={`text-sm ${textLinkClass}`}>
        {t('detail.back', words)}
      </Link>
      {isLoading && <LoadingBlock />}
      {error && !data && <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} />}
      {vendor && data && (
        <>
          <div className="flex flex-wrap items-start justify-between gap-4">
            <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-gray-900">{vendor.name}</h1>
            <div className="flex flex-wrap gap-2">
              {vendor.accounts.length === 0 && <Button onClick={() => setDialog('create-account')}>{t('list.createAccount')}</Button>}
              <VendorPageLink vendor={vendor.name} />
              <Button variant="secondary" onClick={() => setDialog('rename')}>
                {t('list.rename')}
              </Button>
              <Button variant="secondary" onClick={() => setDialog('delete')}>
                {t('list.delete')}
              </Button>
            </div>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <VendorProfileSection overview={data} />
            <VendorMoneySection vendor={vendor.name} />
            <VendorProductsSection vendor={vendor.name} />
            <VendorOrdersSection vendor={vendor.name} />
            <VendorConversationsSection conversations={data.conversations} />
            <VendorSection title={t('detail.history')}>
              <ChangeHistory query={{ entity: 'vendors', entityId: vendorId }} label={t('detail.history')} />
            </VendorSection>
          </div>
          {dialog === 'create-account' && <CreateAccountDialog vendor={vendor.name} onClose={close} />}
          {dialog === 'rename' && <RenameVendorDialog vendor={vendor.name} onClose={close} />}
          {dialog === 'delete' && (
            <DeleteVendorDialog vendor={vendor.name} onClose={() => setDialog(null)} onDeleted={() => void navigate('/vendors')} />
          )}
        </>
      )}
    </div>
  );
}
