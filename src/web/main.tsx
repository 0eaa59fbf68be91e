import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig } from 'swr';
import { currentEffectiveType, swrOptions } from './api/swr-options.ts';
import { FullPageSpinner } from './components/full-page-spinner.tsx';
import { LoadingOverlayProvider } from './components/loading-overlay.tsx';
import { Toaster } from './components/toast.tsx';
import { initI18n } from './i18n/index.ts';
import { createAppRouter } from './router.tsx';
import { markFrame } from './session/frame.ts';
import { isEmbedded, loadSession } from './session/session-store.ts';
import './styles.css';

async function start() {
  markFrame(isEmbedded());
  // The signed-in frame's code is fetched while the session and the texts load, not after them.
  if (!window.location.pathname.startsWith('/app/login')) void import('./features/shell/app-shell.tsx');
  // Nothing is drawn until the first session load has finished, so no screen flashes
  // the signed-out state of a signed-in user.
  await Promise.all([initI18n(), loadSession()]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <SWRConfig value={swrOptions(currentEffectiveType())}>
        <LoadingOverlayProvider>
          {/* A screen's texts load with it (i18n/index.ts); the frames below keep their own fallback. */}
          <Suspense fallback={<FullPageSpinner />}>
            <RouterProvider router={createAppRouter()} />
          </Suspense>
          <Toaster />
        </LoadingOverlayProvider>
      </SWRConfig>
    </StrictMode>,
  );
}

void start();
