import { useTranslation } from 'react-i18next';
import { MSG } from '#shared/messages';
import { decodeMediaValue, encodeMediaValue } from '#shared/schemas/media';
import { useMessageText } from '../form/message-text.ts';
import { MediaTile } from './media-tile.tsx';
import type { UploadFieldProps } from './upload-field-props.ts';
import { SingleFileUpload } from './single-file-upload.tsx';
import { useFileUploads } from './use-file-uploads.ts';

/** One image, shown once uploaded. The answer is the media value of the field (see encodeMediaValue). */
export function ImageUploadInput({
  value,
  onChange,
  fieldKey,
  store,
  onBusyChange,
  ...control
}: UploadFieldProps<string> & { fieldKey: string }) {
  const { t } = useTranslation('registration');
  const text = useMessageText();
  const uploads = useFileUploads({
    store,
    onBusyChange,
    onUploaded: ([first]) => onChange(encodeMediaValue({ src: first.location, contentType: 'IMAGE' }, fieldKey)),
    failureMessage: () => text(MSG.uploadFailed),
  });
  const item = decodeMediaValue(value);

  return (
    <SingleFileUpload
      {...control}
      accept="image/*"
      uploads={uploads}
      busyLabel={t('upload.uploading')}
      uploaded={item && <MediaTile item={item} store={store} onDelete={() => onChange('')} />}
    />
  );
}
