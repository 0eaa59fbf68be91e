import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/index.ts';
import { AlertText } from './alert-text.tsx';
import { Button } from './button.tsx';
import { DialogActions, DialogFrame } from './dialog-frame.tsx';
import { errorMessage } from './error-message.ts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Runs the action; the dialog closes when it succeeds and shows why when it fails. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** A deleting or refusing action gets the red button (the default); a neutral one the main colour. */
  destructive?: boolean;
  /** Translates the failure's English message (the common texts unless the area has its own). */
  messageText?: (message: string) => string;
}

/** The one confirmation before an action: Cancel, or the action's own button (red when it destroys). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  destructive = true,
  messageText = translateMessage,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
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
      setError(messageText(errorMessage(failure)));
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
          <Button variant={destructive ? 'danger' : 'primary'} onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        )}
      </DialogActions>
    </DialogFrame>
  );
}
