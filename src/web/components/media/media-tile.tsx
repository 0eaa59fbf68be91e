import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '#shared/schemas/media';
import { MediaLightbox } from './media-lightbox.tsx';
import { MediaPreview } from './media-preview.tsx';
import { Button } from '../button.tsx';

export const PREVIEW_HEIGHT = 600;

/** An uploaded or linked item: its preview (a click enlarges it) and a delete action. */
export function MediaTile({ item, store, onDelete }: { item: MediaItem; store?: string; onDelete: () => void }) {
  const { t } = useTranslation('registration');
  const [enlarged, setEnlarged] = useState(false);
  return (
    <div className="flex flex-col items-start gap-2">
      {item.contentType === 'IMAGE' ? (
        <button
          type="button"
          onClick={() => setEnlarged(true)}
          aria-label={t('media.enlarge')}
          className="cursor-zoom-in rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <MediaPreview item={item} height={PREVIEW_HEIGHT} store={store} />
        </button>
      ) : (
        // Videos keep their own controls; the larger view is one button away.
        <MediaPreview item={item} height={PREVIEW_HEIGHT} store={store} />
      )}
      <div className="flex gap-2">
        {item.contentType !== 'IMAGE' && (
          <Button variant="secondary" onClick={() => setEnlarged(true)}>
            {t('media.enlarge')}
          </Button>
        )}
        <Button variant="secondary" onClick={onDelete}>
          {t('media.delete')}
        </Button>
      </div>
      <MediaLightbox item={enlarged ? item : null} store={store} onClose={() => setEnlarged(false)} />
    </div>
  );
}
