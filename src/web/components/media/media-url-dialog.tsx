import { useId, useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { classifyMediaUrl, isHttpUrl, type MediaItem } from '#shared/schemas/media';
import { inputClass } from '../form/input-style.ts';
import { YoutubeVideo } from '../form/youtube-video.tsx';
import { Button } from '../button.tsx';

/** Media given by its URL: a video page (YouTube, Vimeo) or an image somewhere on the web. */
export function MediaUrlDialog({ open, onClose, onSave }: { open: boolean; onClose: () => void; onSave: (item: MediaItem) => void }) {
  const { t } = useTranslation('registration');
  const [url, setUrl] = useState('');
  const inputId = useId();
  const valid = isHttpUrl(url);
  const close = () => {
    setUrl('');
    onClose();
  };
  const save = () => {
    if (!valid) return;
    const src = url.trim();
    onSave({ src, contentType: classifyMediaUrl(src) });
    close();
  };
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-base font-semibold text-gray-900">{t('media.fromUrlTitle')}</DialogTitle>
          {/* A form so Enter saves; never nested in the application form because the dialog is portalled. */}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              event.stopPropagation();
              save();
            }}
            className="mt-4 space-y-4"
          >
            <div>
              <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
                {t('media.url')}
              </label>
              <input
                id={inputId}
                type="url"
                inputMode="url"
                value={url}
                placeholder="https://"
                onChange={(event) => setUrl(event.target.value)}
                className={`mt-2 ${inputClass(false)}`}
                autoFocus
              />
            </div>
            <UrlPreview url={valid ? url.trim() : ''} />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={close}>
                {t('media.cancel')}
              </Button>
              <Button type="submit" disabled={!valid}>
                {t('media.save')}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** What the URL will show: the video, the image, or why there is nothing to show. */
function UrlPreview({ url }: { url: string }) {
  const { t } = useTranslation('registration');
  // The URL whose image failed to load; a new URL gets a new chance.
  const [brokenUrl, setBrokenUrl] = useState('');
  const box = 'flex min-h-40 items-center justify-center gap-2 rounded-md border border-dashed border-gray-300 bg-gray-50 p-2 text-sm';
  if (!url) return <div className={`${box} text-gray-500`}>{t('media.nothingToPreview')}</div>;
  if (classifyMediaUrl(url) === 'EXTERNAL_VIDEO') {
    return (
      <div className={box}>
        <YoutubeVideo link={url} title={t('media.video')} width={320} height={180} />
      </div>
    );
  }
  if (brokenUrl === url) {
    return (
      <div className={`${box} font-medium text-amber-700`} role="alert">
        <span aria-hidden="true" className="text-lg">
          ⚠
        </span>
        {t('media.notAnImage')}
      </div>
    );
  }
  return (
    <div className={box}>
      <img key={url} src={url} alt="" className="max-h-60 max-w-full object-contain" onError={() => setBrokenUrl(url)} />
    </div>
  );
}
