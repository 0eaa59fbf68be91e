import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { useVendorsList } from './api/list-vendors.ts';
import { CreateAccountDialog } from './create-account-dialog.tsx';
import { DeleteVendorDialog } from './delete-vendor-dialog.tsx';
import { ListState } from './list-state.tsx';
import { RenameVendorDialog } from './rename-vendor-dialog.tsx';
import { VendorCard, type VendorAction } from './vendor-card.tsx';

const DIALOGS = { 'create-account': CreateAccountDialog, rename: RenameVendorDialog, delete: DeleteVendorDialog };

/** /app/vendors: every vendor with its accounts; the ones without an account first, as they need a hand. */
export function VendorListPage() {
  const { t } = useTranslation('vendors');
  const words = useWordingValues();
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const { data, error, isLoading } = useVendorsList({ q });
  const [dialog, setDialog] = useState<{ action: VendorAction; vendor: string } | null>(null);
  // Stable sort: the server's name order stays within each group.
  const vendors = [...(data?.vendors ?? [])].sort((a, b) => Number(a.accounts.length > 0) - Number(b.accounts.length > 0));
  const withoutAccount = data?.vendorsWithoutAccount.length ?? 0;
  const Dialog = dialog && DIALOGS[dialog.action];

  return (
    <div className="space-y-4">
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={vendors.length === 0}
        empty={q ? t('list.noMatch', { ...words, q }) : t('list.empty', words)}
      />
      {withoutAccount > 0 && (
        <p role="status" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t('list.withoutAccount', { ...words, count: withoutAccount })}
        </p>
      )}
      {vendors.length > 0 && (
        <ul className="space-y-3" aria-label={words.Vendors}>
          {vendors.map((vendor) => (
            <VendorCard key={vendor.id} vendor={vendor} onAction={(action) => setDialog({ action, vendor: vendor.name })} />
          ))}
        </ul>
      )}
      {Dialog && <Dialog vendor={dialog.vendor} onClose={() => setDialog(null)} />}
    </div>
  );
}
