import { useTranslation } from 'react-i18next';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { deleteVendor } from './api/delete-vendor.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';

/** `onDeleted` lets a screen about this very vendor leave before it would show a vendor that is gone. */
export function DeleteVendorDialog({ vendor, onClose, onDeleted }: { vendor: string; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation('vendors');
  const messageText = useMessageText();
  const words = useWordingValues();
  return (
    <ConfirmDialog
      messageText={messageText}
      open
      title={t('delete.title', { ...words, name: vendor })}
      confirmLabel={t('delete.confirm')}
      onConfirm={async () => {
        await deleteVendor(vendor);
        onDeleted?.();
      }}
      onClose={onClose}
    >
      <p>{t('delete.text', { ...words, name: vendor })}</p>
    </ConfirmDialog>
  );
}
