import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadAll, uploadToProxy } from '../../api/uploads.ts';
import { useMessageText } from '../fields/message-text.ts';
import { uploadProblemOf } from './check-image-file.ts';

export interface UploadedFile {
  file: File;
  location: string;
}

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
  /** What to say when the server refuses a file; by default the server's own message. */
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
    let failure: unknown = null;
    const results = await uploadAll(accepted, (file) =>
      uploadToProxy(file, 'metafield-file', { store }).then(
        (location) => ({ file, location }),
        (reason: unknown) => {
          failure = reason;
          return null;
        },
      ),
    );
    setUploading(0);
    latest.current.onBusyChange?.(false);
    const uploaded = results.filter((r): r is UploadedFile => r !== null);
    if (uploaded.length) latest.current.onUploaded(uploaded);
    if (failure) setError(failureMessage ? failureMessage(failure) : failure instanceof Error && failure.message ? text(failure.message) : t('upload.failed'));
  };

  return { upload, isUploading: uploading > 0, error };
}
