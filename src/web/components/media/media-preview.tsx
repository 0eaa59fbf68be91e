import { useTranslation } from 'react-i18next';
import type { MediaItem } from '#shared/schemas/media';
import { YoutubeVideo } from '../form/youtube-video.tsx';
import { BusyLabel } from './busy-label.tsx';
import { useMediaSrc } from './use-media-src.ts';

/** One image or video at most `height` pixels high (the spec: 600 in the form, 800 enlarged). */
export function MediaPreview({ item, height, store }: { item: MediaItem; height: number; store?: string }) {
  const { t } = useTranslation('registration');
  const src = useMediaSrc(item.src, store);
  if (!src) return <BusyLabel label={t('media.loading')} />;
  if (item.contentType === 'EXTERNAL_VIDEO') {
    return <YoutubeVideo link={src} title={t('media.video')} width={Math.round((height * 16) / 9)} height={height} />;
  }
  if (item.contentType === 'VIDEO') {
    // A vendor's own product video: there are no captions to offer for it.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    return <video src={src} controls preload="metadata" style={{ maxHeight: height }} className="max-w-full rounded-md bg-black" />;
  }
  return <img src={src} alt="" style={{ maxHeight: height }} className="max-w-full rounded-md object-contain" />;
}
