import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '#shared/schemas/media';
import { sanitizeRichText } from '#web/components/form/sanitize-rich-text.ts';
import { MediaLightbox } from '#web/components/media/media-lightbox.tsx';
import { MediaPreview } from '#web/components/media/media-preview.tsx';
import type { Answer } from './answer-kind.ts';

/** Small enough to see several answers at once; a click shows the full size. */
const THUMBNAIL_HEIGHT = 160;

/** One registration answer as the applicant gave it; rich text is sanitised before it is shown. */
export function ApplicationAnswer({ answer }: { answer: Answer }) {
  const { t } = useTranslation('vendors');
  switch (answer.kind) {
    case 'empty':
      return <span className="text-gray-400">{t('applications.noAnswer')}</span>;
    case 'text':
      return <span className="break-words">{answer.text}</span>;
    case 'multiline':
      return <span className="break-words whitespace-pre-line">{answer.text}</span>;
    case 'richtext':
      return (
        <div
          className="break-words [&_a]:text-indigo-600 [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
          dangerouslySetInnerHTML={{ __html: sanitizeRichText(answer.html) }}
        />
      );
    case 'list':
      return (
        <ul className="flex flex-wrap gap-1.5">
          {answer.items.map((item) => (
            <li key={item} className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium text-gray-800">
              {item}
            </li>
          ))}
        </ul>
      );
    case 'terms':
      return answer.accepted ? (
        <span className="font-medium text-green-800">✓ {t('applications.termsAccepted')}</span>
      ) : (
        <span className="text-gray-600">{t('applications.termsNotAccepted')}</span>
      );
    case 'file':
      return (
        <a
          href={answer.url}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-indigo-600 underline hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {t('applications.openFile')}
        </a>
      );
    case 'media':
      return <MediaAnswer items={answer.items} />;
  }
}

function MediaAnswer({ items }: { items: MediaItem[] }) {
  const { t } = useTranslation('vendors');
  const [enlarged, setEnlarged] = useState<MediaItem | null>(null);
  return (
    <>
      <ul className="flex flex-wrap gap-3">
        {items.map((item, index) => (
          <li key={`${index}:${item.src}`} className="flex flex-col items-start gap-1">
            <MediaPreview item={item} height={THUMBNAIL_HEIGHT} />
            <button
              type="button"
              onClick={() => setEnlarged(item)}
              className="text-xs font-medium text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {t('applications.enlarge')}
            </button>
          </li>
        ))}
      </ul>
      <MediaLightbox item={enlarged} onClose={() => setEnlarged(null)} />
    </>
  );
}
