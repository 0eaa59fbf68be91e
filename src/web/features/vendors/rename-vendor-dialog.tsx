import { useTranslation } from 'react-i18next';
import { RenameVendorSchema } from '#shared/schemas/vendors';
import { TextField } from '#web/components/form/text-field.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { renameVendor } from './api/rename-vendor.ts';
import { FormDialog } from './form-dialog.tsx';

/** A new name for a vendor; a name already taken (409) is said under the field. */
export function RenameVendorDialog({ vendor, onClose }: { vendor: string; onClose: () => void }) {
  const { t } = useTranslation('vendors');
  const words = useWordingValues();
  return (
    <FormDialog
      title={t('rename.title', { ...words, name: vendor })}
      submitLabel={t('rename.submit')}
      savedText={t('rename.toast', { ...words, name: vendor })}
      schema={RenameVendorSchema}
      values={{ oldVendor: vendor, newVendor: vendor }}
      save={async (values) => {
        await renameVendor(values);
        onClose();
      }}
      conflictField="newVendor"
      onClose={onClose}
    >
      <TextField name="newVendor" autoComplete="off" label={t('rename.newName', words)} hint={t('rename.hint', words)} autoFocus />
    </FormDialog>
  );
}
