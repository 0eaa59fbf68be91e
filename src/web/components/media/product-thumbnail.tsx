import { useMediaSrc } from './use-media-src.ts';

/** The product's first image, small and square; a grey tile when it has none. Decorative: the title is beside it. */
export function ProductThumbnail({ src }: { src: string | null }) {
  const shown = useMediaSrc(src ?? '');
  if (!src || !shown) return <span aria-hidden="true" className="block size-10 rounded-md bg-gray-100 ring-1 ring-gray-900/5" />;
  return <img src={shown} alt="" loading="lazy" className="size-10 rounded-md object-cover ring-1 ring-gray-900/5" />;
}
