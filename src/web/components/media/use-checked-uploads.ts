import { useEffect, useRef, useState } from 'react';
import { uploadAll } from '#web/api/uploads.ts';
import { uploadProblemOf } from './check-image-file.ts';

type Outcome<Uploaded> = { uploaded: Uploaded } | { error: unknown };

/** What an upload control needs of its uploads: start them, know they are running, say why one failed. */
export interface CheckedUploads {
  upload: (picked: File[]) => Promise<void>;
  isUploading: boolean;
  uploadingCount: number;
  error: string;
}

/**
 * Checks picked files against the spec's size and pixel limits, then uploads the accepted ones all
 * at once through `send`. A file over the limits is refused before any byte is sent; a failed
 * upload keeps the others and says why under the control. `onBusyChange` lets the form hold its
 * submit until every upload has landed.
 */
export function useCheckedUploads<Uploaded>({
  send,
  onUploaded,
  onBusyChange,
  translate,
  describeFailure,
  refuseWith = 'alert',
}: {
  send: (file: File) => Promise<Uploaded>;
  onUploaded: (uploaded: Uploaded[]) => void;
  onBusyChange?: (busy: boolean) => void;
  /** Turns the limits' English message into the reader's language. */
  translate: (message: string) => string;
  describeFailure: (reason: unknown) => string;
  /** How a file over the limits is refused: the spec's blocking alert, or the error under the control. */
  refuseWith?: 'alert' | 'error';
}): CheckedUploads {
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
      if (!problem) accepted.push(file);
      // The spec's "alert": a blocking browser alert, before anything is uploaded.
      else if (refuseWith === 'alert') window.alert(translate(problem));
      else setError(translate(problem));
    }
    if (accepted.length === 0) return;
    setUploading(accepted.length);
    latest.current.onBusyChange?.(true);
    const outcomes = await uploadAll(
      accepted,
      (file): Promise<Outcome<Uploaded>> =>
        send(file).then(
          (uploaded) => ({ uploaded }),
          (reason: unknown) => ({ error: reason }),
        ),
    );
    setUploading(0);
    latest.current.onBusyChange?.(false);
    const uploaded = outcomes.flatMap((o) => ('uploaded' in o ? [o.uploaded] : []));
    if (uploaded.length) latest.current.onUploaded(uploaded);
    const failed = outcomes.find((o) => 'error' in o);
    if (failed && 'error' in failed) setError(describeFailure(failed.error));
  };

  return { upload, isUploading: uploading > 0, uploadingCount: uploading, error };
}
