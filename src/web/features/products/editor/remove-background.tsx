import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MSG } from '#shared/messages';
import { HttpError } from '#web/api/http-error.ts';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { removeBackground } from './api/remove-background.ts';
import type { MediaFormValue } from './product-form.ts';
import { useEditorText } from './use-editor-text.ts';

export interface BackgroundRemoval {
  /** false once the server said it has no such call (a 404 from the router): the buttons go away. */
  isAvailable: boolean;
  busy: ReadonlySet<string>;
  errors: Readonly<Record<string, string>>;
  run: (item: MediaFormValue, onConverted: (src: string) => void) => Promise<void>;
}

/** The call needs an absolute URL; our own files may be stored as paths (/api/cdn/files/...). */
const absolute = (src: string) => new URL(src, window.location.origin).href;

/**
 * POST images/remove-bg/v2 per image: a spinner while it runs, the converted image replaces the
 * original in the list, or the server's reason shows under the image. A 404 with the router's own
 * "Not found" means this server has no background removal: the action is hidden, not an error.
 */
export function useBackgroundRemoval(): BackgroundRemoval {
  const [isAvailable, setAvailable] = useState(true);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = async (item: MediaFormValue, onConverted: (src: string) => void) => {
    setBusy((current) => new Set(current).add(item.uid));
    setErrors(({ [item.uid]: _gone, ...rest }) => rest);
    try {
      const { convertedImgUrl } = await removeBackground({ originImgUrl: absolute(item.src) });
      onConverted(convertedImgUrl);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404 && error.message === MSG.notFound) setAvailable(false);
      else setErrors((current) => ({ ...current, [item.uid]: errorMessage(error) }));
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(item.uid);
        return next;
      });
    }
  };
  return { isAvailable, busy, errors, run };
}

export function RemoveBackgroundButton({
  removal,
  item,
  position,
  onConverted,
}: {
  removal: BackgroundRemoval;
  item: MediaFormValue;
  position: number;
  onConverted: (src: string) => void;
}) {
  const { t } = useTranslation('products');
  if (!removal.isAvailable) return null;
  const isBusy = removal.busy.has(item.uid);
  return (
    <Button
      variant="secondary"
      className="px-2 py-1 text-xs"
      loading={isBusy}
      onClick={() => void removal.run(item, onConverted)}
      aria-label={t('editor.media.removeBackground', { n: position })}
    >
      {isBusy ? t('editor.media.removingBackground') : t('editor.media.removeBackgroundShort')}
    </Button>
  );
}

export function RemoveBackgroundError({ removal, uid }: { removal: BackgroundRemoval; uid: string }) {
  const text = useEditorText();
  const message = removal.errors[uid];
  if (!message) return null;
  return (
    <p role="alert" className="text-xs text-red-600">
      {text(message)}
    </p>
  );
}
