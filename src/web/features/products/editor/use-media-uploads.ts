import { MSG } from '#shared/messages';
import { contentTypeOfMime, type MediaItem } from '#shared/schemas/media';
import { stageUpload } from '#web/api/uploads.ts';
import { useMessageText } from '#web/components/form/message-text.ts';
import { useCheckedUploads } from '#web/components/media/use-checked-uploads.ts';

/**
 * The product's images through the staged upload (PUT cdn/stage-upload, then the multipart POST),
 * checked and sent as the registration form's are (useCheckedUploads); a failed upload says the
 * spec's upload failure text. The media keep the served URL (resourceUrl), so the storefront and
 * the background removal can read them as they are.
 */
export function useMediaUploads({
  onUploaded,
  onBusyChange,
}: {
  onUploaded: (items: MediaItem[]) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const text = useMessageText();
  return useCheckedUploads({
    send: (file) =>
      stageUpload(file).then(({ resourceUrl }): MediaItem => ({ src: resourceUrl, contentType: contentTypeOfMime(file.type) })),
    onUploaded,
    onBusyChange,
    translate: text,
    describeFailure: () => text(MSG.uploadFailed),
  });
}
