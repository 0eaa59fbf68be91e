import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductAction } from '#shared/schemas/products';
import type { RevisionAction } from '#shared/schemas/product-revisions';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { inputClass } from '#web/components/form/input-style.ts';
import { DialogActions, DialogFrame } from '#web/components/dialog-frame.tsx';
import { useEditorText } from './use-editor-text.ts';

/**
 * Approve, unapprove or delete one product, or decide its pending changes, with an optional note (the vendor reads it in the
 * e-mail). A refusal stays in the dialog with the server's reason (a vendor without autoApprove
 * gets the 403's text).
 */
export function NoteDialog({
  action,
  onConfirm,
  onClose,
}: {
  action: ProductAction | RevisionAction;
  onConfirm: (note: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('products');
  const text = useEditorText();
  const id = useId();
  const [note, setNote] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const close = () => {
    if (!isBusy) onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setFailure('');
    try {
      await onConfirm(note);
      setBusy(false);
      onClose();
    } catch (error) {
      setBusy(false);
      setFailure(errorMessage(error));
    }
  };
  return (
    <DialogFrame open onClose={close} title={t(`editor.approval.${action}Title`)}>
      {/* Portalled, yet inside the editor's form in React's tree: the submit must not reach it. */}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          void confirm();
        }}
      >
        {action === 'delete' && <p className="mb-3 text-sm text-gray-700">{t('editor.approval.deleteWarning')}</p>}
        <label htmlFor={id} className="block text-sm font-medium text-gray-900">
          {t('editor.approval.note')}
        </label>
        <textarea
          id={id}
          value={note}
          maxLength={2000}
          rows={4}
          onChange={(event) => setNote(event.target.value)}
          className={`mt-1.5 ${inputClass(false)}`}
          aria-describedby={`${id}-hint`}
          autoFocus
        />
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-gray-600">
          {t('editor.approval.noteHint')}
        </p>
        <AlertText className="mt-3">{failure ? text(failure) : ''}</AlertText>
        <DialogActions>
          <Button variant="secondary" onClick={close} disabled={isBusy}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" loading={isBusy} variant={action === 'delete' ? 'danger' : 'primary'}>
            {t(`editor.approval.${action}`)}
          </Button>
        </DialogActions>
      </form>
    </DialogFrame>
  );
}
