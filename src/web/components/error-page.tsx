import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '#shared/messages';
import { translateMessage } from '../i18n/index.ts';
import { Button } from './button.tsx';
import { isChunkLoadError } from './chunk-error.ts';

/** The router's error page: the heading is the contract; the detail helps a support request. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isChunkLoadError(error)) return <ChunkErrorPage />;
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-md rounded-lg bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold text-gray-900">{translateMessage(MSG.routerError)}</h1>
        {detail && <p className="mt-2 text-sm break-words text-gray-600">{detail}</p>}
        <a
          href="/app"
          className="mt-6 inline-block text-sm font-semibold text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {t('backToApp')}
        </a>
      </div>
    </main>
  );
}

/** A screen's code did not arrive (a new version, or offline): a reload fetches the current files. */
function ChunkErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-md rounded-lg bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold text-gray-900">{t('chunkError.title')}</h1>
        <p className="mt-2 text-sm text-gray-600">{t('chunkError.text')}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {t('chunkError.retry')}
        </Button>
      </div>
    </main>
  );
}
