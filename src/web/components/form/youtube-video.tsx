import { youtubeEmbedUrl, youtubeVideoId } from '#shared/schemas/media';

/** A YouTube video from the v parameter of its link; a link that names no video shows as a link. */
export function YoutubeVideo({ link, title, width = 490, height = 276 }: { link: string; title: string; width?: number; height?: number }) {
  const videoId = youtubeVideoId(link);
  if (!videoId) {
    return link ? (
      <a href={link} target="_blank" rel="noopener noreferrer" className="text-sm text-indigo-600 underline">
        {link}
      </a>
    ) : null;
  }
  return (
    <iframe
      src={youtubeEmbedUrl(videoId)}
      title={title}
      width={width}
      height={height}
      // scales down on narrow screens and keeps the video's proportions
      style={{ width: '100%', maxWidth: width, height: 'auto', aspectRatio: `${width} / ${height}` }}
      className="rounded-md border-0"
      allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
      allowFullScreen
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
