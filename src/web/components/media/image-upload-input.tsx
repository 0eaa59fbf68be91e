import { useTranslation } from 'react-i18next';
import { MSG } from '#shared/messages';
import { decodeMediaValue, encodeMediaValue } from '#shared/schemas/media';
import type { ControlProps } from '../fields/control-props.ts';
import { labelId } from '../fields/field-shell.tsx';
import { useMessageText } from '../fields/message-text.ts';
import { fileInput } from './file-input-style.ts';
import { MediaTile } from './media-tile.tsx';
import { BusyLabel } from './busy-label.tsx';
import { UploadError } from './upload-error.tsx';
import { useFileUploads } from './use-file-uploads.ts';

/** One image, shown once uploaded. The answer is the media value of the field (see encodeMediaValue). */
export function ImageUploadInput({
  id,
  name,
  value,
  onChange,
  invalid,
  describedBy,
  inputRef,
  fieldKey,
  store,
  onBusyChange,
}: ControlProps<string> & { fieldKey: string; store?: string; onBusyChange?: (busy: boolean) => void }) {
  const { t } = useTranslation('registration');
  const text = useMessageText();
  const { upload, isUploading, error } = useFileUploads({
    store,
    onBusyChange,
    onUploaded: ([first]) => onChange(encodeMediaValue({ src: first.location, contentType: 'IMAGE' }, fieldKey)),
    failureMessage: () => text(MSG.uploadFailed),
  });
  const item = decodeMediaValue(value);

  if (isUploading) return <BusyLabel label={t('upload.uploading')} />;
  if (item) return <MediaTile item={item} store={store} onDelete={() => onChange('')} />;
  return (
    <>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept="image/*"
        aria-labelledby={labelId(id)}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) void upload(files.slice(0, 1));
        }}
        className={fileInput}
      />
      <UploadError message={error} />
    </>
  );
}
