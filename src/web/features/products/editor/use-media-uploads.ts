import { useEffect, useRef, useState } from 'react';
import { MSG } from '#shared/messages';
import { contentTypeOfMime, type MediaItem } from '#shared/schemas/media';
import { stageUpload, uploadAll } from '../../../api/uploads.ts';
import { useMessageText } from '../../../components/fields/message-text.ts';
import { uploadProblemOf } from '../../../components/media/check-image-file.ts';

/**
 * The product's images through the staged upload (PUT cdn/stage-upload, then the multipart POST),
 * all at once. A file over the limits is refused with the spec's alert before any byte is sent
 * (uploadProblemOf, as the registration form does); a failed upload keeps the others and says the
 * spec's upload failure text. The media keep the served URL (resourceUrl), so the storefront and
 * the background removal can read them as they are.
 */
export function useMediaUploads({ onUploaded, onBusyChange }: { onUploaded: (items: MediaItem[]) => void; onBusyChange: (busy: boolean) => void }) {
  const text = useMessageText();
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState('');
  // The latest callbacks, so uploads that end after a re-render add to the current list.
  const latest = useRef({ onUploaded, onBusyChange });
  useEffect(() => {
    latest.current = { onUploaded, onBusyChange };
  });

  const upload = async (picked: File[]) => {
    setError('');
    const accepted: File[] = [];
    for (const file of picked) {
      const problem = await uploadProblemOf(file);
      if (problem) window.alert(text(problem));
      else accepted.push(file);
    }
    if (accepted.length === 0) return;
    setUploading(accepted.length);
    latest.current.onBusyChange(true);
    const outcomes = await uploadAll(accepted, (file) =>
      stageUpload(file).then(
        ({ resourceUrl }): MediaItem | null => ({ src: resourceUrl, contentType: contentTypeOfMime(file.type) }),
        () => null,
      ),
    );
    setUploading(0);
    latest.current.onBusyChange(false);
    const items = outcomes.filter((o): o is MediaItem => o !== null);
    if (items.length) latest.current.onUploaded(items);
    if (items.length < outcomes.length) setError(text(MSG.uploadFailed));
  };

  return { upload, isUploading: uploading > 0, uploadingCount: uploading, error };
}
