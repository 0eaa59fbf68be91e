import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { controlClass } from '#web/components/form/input-style.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { DialogActions, DialogFrame } from '#web/components/dialog-frame.tsx';

interface NoteDialogProps {
  action: 'approve' | 'unapprove';
  count: number;
  /** Runs the action for every product; the dialog closes when it is over, whatever failed. */
  onConfirm: (note: string) => Promise<void>;
  onClose: () => void;
}

/** Approve or unapprove the selected products, with an optional note the vendor gets in the e-mail. */
export function NoteDialog({ action, count, onConfirm, onClose }: NoteDialogProps) {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  const id = useId();
  const [note, setNote] = useState('');
  const [isBusy, setBusy] = useState(false);
  const close = () => {
    if (!isBusy) onClose();
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm(note);
    } finally {
      setBusy(false);
    }
    onClose();
  };
  return (
    <DialogFrame open onClose={close} title={t(`actions.${action}Title`, { ...words, count })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <label htmlFor={id} className="block text-sm font-medium text-gray-900">
          {t('actions.note')}
        </label>
        <textarea
          id={id}
          value={note}
          maxLength={2000}
          rows={4}
          onChange={(event) => setNote(event.target.value)}
          className={`mt-1.5 ${controlClass}`}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-gray-600">
          {t('actions.noteHint', words)}
        </p>
        <DialogActions>
          <Button variant="secondary" onClick={close} disabled={isBusy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={isBusy}>
            {t(`actions.${action}Confirm`, { ...words, count })}
          </Button>
        </DialogActions>
      </form>
    </DialogFrame>
  );
}
