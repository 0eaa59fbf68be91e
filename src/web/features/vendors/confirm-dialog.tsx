import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '../../components/alert-text.tsx';
import { Button } from '../../components/button.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { useMessageText } from '../settings/form-kit/use-message-text.ts';
import { DialogActions, DialogFrame } from './dialog-frame.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Runs the action; the dialog closes when it succeeds and shows why when it fails. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation('vendors');
  const text = useMessageText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const close = () => {
    if (busy) return;
    setError('');
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (failure) {
      setBusy(false);
      setError(text(errorMessage(failure)));
    }
  };
  return (
    <DialogFrame open={open} onClose={close} title={title}>
      <div className="text-sm text-gray-700">{children}</div>
      <AlertText className="mt-4 rounded-md bg-red-50 px-3 py-2 font-medium">{error}</AlertText>
      <DialogActions>
        <Button variant="secondary" onClick={close} disabled={busy}>
          {error ? t('actions.close') : t('actions.cancel')}
        </Button>
        {!error && (
          <Button onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        )}
      </DialogActions>
    </DialogFrame>
  );
}
