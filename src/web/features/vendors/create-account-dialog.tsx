import { useTranslation } from 'react-i18next';
import { VendorIdentitySchema } from '#shared/schemas/vendors';
import { TextField } from '#web/components/form/text-field.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { createVendorAccount } from './api/create-vendor-account.ts';
import { FormDialog } from './form-dialog.tsx';

/** An account for a vendor that has none: the server creates it and mails the invite. */
export function CreateAccountDialog({ vendor, onClose }: { vendor: string; onClose: () => void }) {
  const { t } = useTranslation('vendors');
  const words = useWordingValues();
  return (
    <FormDialog
      title={t('createAccount.title', { ...words, name: vendor })}
      submitLabel={t('createAccount.submit')}
      savedText={t('createAccount.toast', { ...words, name: vendor })}
      schema={VendorIdentitySchema}
      values={{ identity: { email: '', name: '' } }}
      save={async (values) => {
        await createVendorAccount(vendor, values);
        onClose();
      }}
      conflictField="identity.email"
      onClose={onClose}
    >
      <p className="text-sm text-gray-600">{t('createAccount.text', words)}</p>
      <TextField name="identity.email" type="email" autoComplete="off" label={t('createAccount.email')} autoFocus />
      <TextField name="identity.name" autoComplete="off" label={t('createAccount.name')} hint={t('createAccount.nameHint')} />
    </FormDialog>
  );
}
