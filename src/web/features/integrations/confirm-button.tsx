import { useState } from 'react';
import { Button } from '#web/components/button.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { showToast } from '#web/components/toast.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';

/** A secondary button for an undoable-only-by-hand action (remove a key, disconnect): asks first, red confirm, a toast when done. */
export function ConfirmButton({
  label,
  title,
  body,
  done,
  onConfirm,
}: {
  label: string;
  title: string;
  body: string;
  done: string;
  onConfirm: () => Promise<void>;
}) {
  const text = useMessageText('integrations');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={label}
        messageText={text}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          await onConfirm();
          showToast('success', done);
        }}
      >
        {body}
      </ConfirmDialog>
    </>
  );
}
