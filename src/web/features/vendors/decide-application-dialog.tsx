import { useTranslation } from 'react-i18next';
import type { Application } from '#shared/schemas/vendors';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { decideApplication } from './api/decide-application.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';

/** Confirms an approval (vendor, account and invite are created) or a rejection (the applicant is told). */
export function DecideApplicationDialog({
  application,
  status,
  onClose,
}: {
  application: Application;
  status: 'approved' | 'rejected';
  onClose: () => void;
}) {
  const { t } = useTranslation('vendors');
  const messageText = useMessageText();
  const words = useWordingValues();
  const values = { ...words, name: application.vendorName, email: application.email };
  const isApproval = status === 'approved';
  return (
    <ConfirmDialog
      open
      destructive={!isApproval}
      messageText={messageText}
      title={t(isApproval ? 'decide.approveTitle' : 'decide.rejectTitle', values)}
      confirmLabel={t(isApproval ? 'applications.approve' : 'applications.reject')}
      onConfirm={() => decideApplication(application.id, status)}
      onClose={onClose}
    >
      <p>{t(isApproval ? 'decide.approveText' : 'decide.rejectText', values)}</p>
    </ConfirmDialog>
  );
}
