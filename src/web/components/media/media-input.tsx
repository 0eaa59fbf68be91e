import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MSG } from '#shared/messages';
import { contentTypeOfMime, decodeMediaValue, encodeMediaValue, type MediaItem } from '#shared/schemas/media';
import { useMessageText } from '../form/message-text.ts';
import { Button } from '../button.tsx';
import { fileInput } from './file-input-style.ts';
import { FilePickerInput } from './file-picker-input.tsx';
import { MediaTile } from './media-tile.tsx';
import { MediaUrlDialog } from './media-url-dialog.tsx';
import { BusyLabel } from './busy-label.tsx';
import { UploadError } from './upload-error.tsx';
import type { UploadFieldProps } from './upload-field-props.ts';
import { useFileUploads } from './use-file-uploads.ts';

/**
 * One or several images or videos, uploaded or given by URL. The answer is the list of media
 * values; each preview has its own delete action.
 */
export function MediaInput({
  value,
  onChange,
  fieldKey,
  store,
  onBusyChange,
  ...control
}: UploadFieldProps<string[]> & { fieldKey: string }) {
  const { t } = useTranslation('registration');
  const text = useMessageText();
  const [isUrlDialogOpen, setUrlDialogOpen] = useState(false);
  const add = (items: MediaItem[]) => onChange([...value, ...items.map((item) => encodeMediaValue(item, fieldKey))]);
  const { upload, isUploading, error } = useFileUploads({
    store,
    onBusyChange,
    onUploaded: (files) => add(files.map(({ file, location }) => ({ src: location, contentType: contentTypeOfMime(file.type) }))),
    failureMessage: () => text(MSG.uploadFailed),
  });
  const items = value.map((v, index) => ({ index, item: decodeMediaValue(v) })).filter((entry) => entry.item !== null);

  return (
    <div className="space-y-4">
      {items.map(({ index, item }) => (
        <MediaTile
          key={`${index}:${value[index]}`}
          item={item!}
          store={store}
          onDelete={() => onChange(value.filter((_, i) => i !== index))}
        />
      ))}
      {isUploading ? (
        <BusyLabel label={t('upload.uploading')} />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <FilePickerInput
            {...control}
            accept="image/*,video/*"
            multiple
            onPick={(files) => void upload(files)}
            className={`${fileInput} w-auto min-w-56 flex-1`}
          />
          <Button variant="secondary" onClick={() => setUrlDialogOpen(true)}>
            {t('media.fromUrl')}
          </Button>
        </div>
      )}
      <UploadError message={error} />
      <MediaUrlDialog open={isUrlDialogOpen} onClose={() => setUrlDialogOpen(false)} onSave={(item) => add([item])} />
    </div>
  );
}
