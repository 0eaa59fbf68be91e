import useSWR from 'swr';
import { isPlatformFileId } from '#shared/schemas/media';
import { resolvePlatformFileSrc } from '#web/api/uploads.ts';

/** The URL to show for a stored src: platform file ids (gid://…) are looked up first. */
export function useMediaSrc(src: string, store?: string): string | undefined {
  const isFileId = isPlatformFileId(src);
  const { data } = useSWR(isFileId ? ['cdn/shopify/file', src, store ?? ''] : null, () => resolvePlatformFileSrc(src, { store }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  return isFileId ? data : src;
}
