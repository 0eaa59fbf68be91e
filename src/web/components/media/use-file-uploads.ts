import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http-error.ts';
import { uploadAll, uploadToProxy } from '../../api/uploads.ts';
import { useMessageText } from '../fields/message-text.ts';
import { uploadProblemOf } from './check-image-file.ts';

export interface UploadedFile {
  file: File;
  location: string;
}

type Outcome = UploadedFile | { file: File; error: unknown };

/**
 * Checks and uploads picked files through the registration proxy (metafield-file), all at once.
 * A file over the limits is refused with an alert before any byte is sent; a failed upload keeps
 * the others. `onBusyChange` lets the form hold its submit until every upload has landed.
 */
export function useFileUploads({
  store,
  onUploaded,
  onBusyChange,
  failureMessage,
}: {
  store?: string;
  onUploaded: (files: UploadedFile[]) => void;
  onBusyChange?: (busy: boolean) => void;
  /** What to say when an upload fails; by default the server's own message. */
  failureMessage?: (error: unknown) => string;
}) {
  const { t } = useTranslation('registration');
  const text = useMessageText();
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState('');
  // The latest callbacks, so an upload that ends after a re-render reports to the current value.
  const latest = useRef({ onUploaded, onBusyChange });
  useEffect(() => {
    latest.current = { onUploaded, onBusyChange };
  });

  const describe = (reason: unknown) => {
    if (failureMessage) return failureMessage(reason);
    // The server says why it refused a file; a dropped connection says nothing useful.
    return reason instanceof HttpError && reason.message ? text(reason.message) : t('upload.failed');
  };

  const upload = async (picked: File[]) => {
    setError('');
    const accepted: File[] = [];
    for (const file of picked) {
      const problem = await uploadProblemOf(file);
      // The spec's "alert": a blocking browser alert, before anything is uploaded.
      if (problem) window.alert(text(problem));
      else accepted.push(file);
    }
    if (accepted.length === 0) return;
    setUploading(accepted.length);
    latest.current.onBusyChange?.(true);
    const outcomes = await uploadAll(accepted, (file): Promise<Outcome> =>
      uploadToProxy(file, 'metafield-file', { store }).then(
        (location) => ({ file, location }),
        (reason: unknown) => ({ file, error: reason }),
      ),
    );
    setUploading(0);
    latest.current.onBusyChange?.(false);
    const uploaded = outcomes.filter((o): o is UploadedFile => 'location' in o);
    if (uploaded.length) latest.current.onUploaded(uploaded);
    const failed = outcomes.find((o) => 'error' in o);
    if (failed && 'error' in failed) setError(describe(failed.error));
  };

  return { upload, isUploading: uploading > 0, error };
}
