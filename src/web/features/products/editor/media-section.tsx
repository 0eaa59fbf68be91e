import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '#shared/schemas/media';
import type { InputLimit } from '#shared/schemas/settings';
import { ACCEPTED_TYPES } from '#shared/schemas/uploads';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { inputClass } from '#web/components/form/input-style.ts';
import { BusyLabel } from '#web/components/media/busy-label.tsx';
import { fileInput } from '#web/components/media/file-input-style.ts';
import { MediaLightbox } from '#web/components/media/media-lightbox.tsx';
import { MediaPreview } from '#web/components/media/media-preview.tsx';
import { MediaUrlDialog } from '#web/components/media/media-url-dialog.tsx';
import { UploadError } from '#web/components/media/upload-error.tsx';
import { Counter } from './counter.tsx';
import { EditorSection } from '#web/components/editor-section.tsx';
import { LIST_MESSAGES } from './form-errors.ts';
import { newUid, type MediaFormValue, type ProductFormValues } from './product-form.ts';
import { RemoveBackgroundButton, RemoveBackgroundError, useBackgroundRemoval } from './remove-background.tsx';
import { useFieldMessage } from './use-field-message.ts';
import { useMediaUploads } from './use-media-uploads.ts';

const THUMBNAIL_HEIGHT = 160;

const move = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/**
 * The product's images (and videos): staged uploads of several files, media from a URL, previews
 * that enlarge, alt texts, reordering by drag or by the keyboard-usable move buttons, delete, and
 * background removal per image. The first image is the product's main image.
 */
export function MediaSection({ limit, onBusyChange }: { limit: InputLimit; onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation('products');
  const { control, setValue, getValues } = useFormContext<ProductFormValues>();
  const media = useWatch({ control, name: 'media' });
  const messageAt = useFieldMessage();
  const [isUrlDialogOpen, setUrlDialogOpen] = useState(false);
  const [enlarged, setEnlarged] = useState<MediaItem | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const removal = useBackgroundRemoval();

  const setMedia = (next: MediaFormValue[]) => setValue('media', next, { shouldDirty: true });
  const add = (items: MediaItem[]) =>
    setMedia([
      ...getValues('media'),
      ...items.map((item) => ({ uid: newUid('media'), src: item.src, alt: '', contentType: item.contentType })),
    ]);
  const { upload, isUploading, uploadingCount, error } = useMediaUploads({ onUploaded: add, onBusyChange });

  const moveTo = (from: number, to: number) => {
    if (to < 0 || to >= media.length || from === to) return;
    setMedia(move(media, from, to));
    setAnnouncement(t('editor.media.moved', { n: to + 1, total: media.length }));
  };
  const replaceSrc = (uid: string, src: string) =>
    // A new file: it gets a new media id when saved; the alt text stays.
    setMedia(getValues('media').map((m) => (m.uid === uid ? { uid: m.uid, src, alt: m.alt, contentType: 'IMAGE' } : m)));

  return (
    <EditorSection title={t('editor.sections.media')} description={t('editor.media.hint')}>
      <AlertText>{messageAt(LIST_MESSAGES.media)}</AlertText>
      {media.length > 0 && (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {media.map((item, index) => {
            const position = index + 1;
            const srcError = messageAt(`media.${index}.src`);
            const altId = `product-media-${index}-alt`;
            return (
              <li
                key={item.uid}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', item.uid);
                  setDragged(item.uid);
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(event) => {
                  if (dragged) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const from = media.findIndex((m) => m.uid === dragged);
                  if (from >= 0) moveTo(from, index);
                  setDragged(null);
                }}
                aria-label={t('editor.media.item', { n: position })}
                className={`flex flex-col gap-2 rounded-md border p-3 ${dragged === item.uid ? 'border-indigo-400 opacity-60' : 'border-gray-200'} ${srcError ? 'border-orange-500' : ''}`}
              >
                <div className="flex items-center justify-between gap-2 text-xs text-gray-500">
                  <span className="cursor-grab select-none" aria-hidden="true">
                    ⠿
                  </span>
                  <span>{index === 0 ? t('editor.media.main') : t('editor.media.position', { n: position })}</span>
                </div>
                <button
                  type="button"
                  onClick={() => setEnlarged(item)}
                  aria-label={t('editor.media.enlarge', { n: position })}
                  className="flex h-40 cursor-zoom-in items-center justify-center overflow-hidden rounded-md bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  <MediaPreview item={item} height={THUMBNAIL_HEIGHT} />
                </button>
                {srcError && (
                  <p role="alert" className="text-xs font-medium text-orange-600">
                    {srcError}
                  </p>
                )}
                <Controller
                  control={control}
                  name={`media.${index}.alt`}
                  render={({ field }) => (
                    <div>
                      <label htmlFor={altId} className="block text-xs font-medium text-gray-700">
                        {t('editor.media.alt', { n: position })}
                      </label>
                      <input
                        id={altId}
                        ref={field.ref}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        maxLength={512}
                        className={`mt-1 ${inputClass(false)}`}
                      />
                    </div>
                  )}
                />
                <div className="flex flex-wrap gap-1.5">
                  <Button
                    variant="secondary"
                    className="px-2 py-1 text-xs"
                    disabled={index === 0}
                    onClick={() => moveTo(index, index - 1)}
                    aria-label={t('editor.media.moveUp', { n: position })}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-2 py-1 text-xs"
                    disabled={index === media.length - 1}
                    onClick={() => moveTo(index, index + 1)}
                    aria-label={t('editor.media.moveDown', { n: position })}
                  >
                    ↓
                  </Button>
                  {item.contentType === 'IMAGE' && (
                    <RemoveBackgroundButton
                      removal={removal}
                      item={item}
                      position={position}
                      onConverted={(src) => replaceSrc(item.uid, src)}
                    />
                  )}
                  <Button
                    variant="secondary"
                    className="px-2 py-1 text-xs"
                    onClick={() => setMedia(media.filter((m) => m.uid !== item.uid))}
                    aria-label={t('editor.media.delete', { n: position })}
                  >
                    {t('editor.media.deleteShort')}
                  </Button>
                </div>
                <RemoveBackgroundError removal={removal} uid={item.uid} />
              </li>
            );
          })}
        </ol>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {isUploading ? (
        <BusyLabel label={t('editor.media.uploading', { n: uploadingCount })} />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor="product-media-upload" className="sr-only">
            {t('editor.media.upload')}
          </label>
          <input
            id="product-media-upload"
            type="file"
            multiple
            accept={ACCEPTED_TYPES['stage-upload'].join(',')}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length) void upload(files);
            }}
            aria-describedby="product-media-counter"
            className={`${fileInput} w-auto flex-1`}
          />
          <Button variant="secondary" onClick={() => setUrlDialogOpen(true)}>
            {t('editor.media.fromUrl')}
          </Button>
        </div>
      )}
      <Counter id="product-media-counter" count={media.length} min={limit.images.min} max={limit.images.max} unit="images" />
      <UploadError message={error} />
      <MediaUrlDialog open={isUrlDialogOpen} onClose={() => setUrlDialogOpen(false)} onSave={(item) => add([item])} />
      <MediaLightbox item={enlarged} onClose={() => setEnlarged(null)} />
    </EditorSection>
  );
}
