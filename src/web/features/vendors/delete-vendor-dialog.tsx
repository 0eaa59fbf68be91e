import { useTranslation } from 'react-i18next';
import { useWordingValues } from '../settings/use-wording-values.ts';
import { deleteVendor } from './api/delete-vendor.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

export function DeleteVendorDialog({ vendor, onClose }: { vendor: string; onClose: () => void }) {
  const { t } = useTranslation('vendors');
  const words = useWordingValues();
  return (
    <ConfirmDialog open title={t('delete.title', { ...words, name: vendor })} confirmLabel={t('delete.confirm')} onConfirm={() => deleteVendor(vendor)} onClose={onClose}>
      <p>{t('delete.text', { ...words, name: vendor })}</p>
    </ConfirmDialog>
  );
}
