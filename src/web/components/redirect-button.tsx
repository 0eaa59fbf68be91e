import { useState } from 'react';
import { AlertText } from './alert-text.tsx';
import { Button } from './button.tsx';
import { errorMessage } from './error-message.ts';
import { useMessageText } from './form/message-text.ts';

/**
 * A button that asks the server for a one-time link (a provider's onboarding, checkout or billing
 * page: they expire within minutes, so it is fetched on the click) and goes there; a refusal is shown
 * under it in the reader's language (`namespace`: the area whose `messages` translate it).
 */
export function RedirectButton({
  label,
  open,
  namespace,
  variant = 'primary',
}: {
  label: string;
  open: () => Promise<{ url: string }>;
  namespace: string;
  variant?: 'primary' | 'secondary';
}) {
  const text = useMessageText(namespace);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  return (
    <span className="inline-flex flex-col gap-1">
      <Button
        variant={variant}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setFailure('');
          try {
            window.location.assign((await open()).url);
          } catch (error) {
            setFailure(text(errorMessage(error)));
            setBusy(false);
          }
        }}
      >
        {label}
      </Button>
      <AlertText>{failure}</AlertText>
    </span>
  );
}
