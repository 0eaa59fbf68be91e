import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '#shared/schemas/media';
import { MediaPreview } from './media-preview.tsx';

export const ENLARGED_PREVIEW_HEIGHT = 800;

/** The larger view a preview opens on click. */
export function MediaLightbox({ item, store, onClose }: { item: MediaItem | null; store?: string; onClose: () => void }) {
  const { t } = useTranslation('registration');
  return (
    <Dialog open={item !== null} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center overflow-auto p-4">
        <DialogPanel className="flex max-w-full flex-col items-center gap-3 rounded-lg bg-white p-4 shadow-xl">
          <DialogTitle className="sr-only">{t('media.enlarged')}</DialogTitle>
          {item && <MediaPreview item={item} height={ENLARGED_PREVIEW_HEIGHT} store={store} />}
          <button
            type="button"
            onClick={onClose}
            className="rounded-md bg-white px-3 py-2 text-sm font-medium text-gray-900 shadow-sm ring-1 ring-gray-300 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {t('media.close')}
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
