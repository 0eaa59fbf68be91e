import type { Browser } from 'playwright-core';
import type { PdfRenderer } from './types.ts';

/** The flags Chromium needs in a container and on a server: no sandbox, GPU or background traffic of its own. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** A document that takes longer than this to lay out is refused rather than holding a page open. */
const RENDER_TIMEOUT_MS = 20_000;

/**
 * Headless Chromium through playwright-core: one browser per process, started with the first
 * document and kept for the next ones, a fresh context (own page) per document. The HTML is an
 * admin's template rendered on the server, so its page runs no script and reaches no network:
 * every request but a data: URL (the inline logo) is aborted and the context is offline.
 */
export function createChromiumPdfRenderer(executablePath: string): PdfRenderer {
  let browser: Promise<Browser> | null = null;

  const launch = () => {
    if (!browser) {
      const starting = import('playwright-core')
        .then(({ chromium }) => chromium.launch({ executablePath, headless: true, args: ARGS }))
        .then((started) => {
          // A browser that crashed or was killed is started again by the next document (not one closed and already replaced).
          started.on('disconnected', () => {
            if (browser === starting) browser = null;
          });
          return started;
        });
      // A failed start is tried again by the next document; this one's caller gets the error.
      starting.catch(() => {
        if (browser === starting) browser = null;
      });
      browser = starting;
    }
    return browser;
  };

  return {
    available: true,
    async render(html) {
      const context = await (await launch()).newContext({ javaScriptEnabled: false, offline: true, serviceWorkers: 'block' });
      try {
        await context.route('**/*', (route) =>
          route.request().url().startsWith('data:') ? route.continue() : route.abort('blockedbyclient'),
        );
        const page = await context.newPage();
        page.setDefaultTimeout(RENDER_TIMEOUT_MS);
        await page.setContent(html, { waitUntil: 'load' });
        // Tagged: the PDF's text keeps its reading order and structure for screen readers.
        return await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true, tagged: true });
      } finally {
        await context.close();
      }
    },
    async close() {
      const running = browser;
      browser = null;
      if (running) await (await running.catch(() => null))?.close();
    },
  };
}
