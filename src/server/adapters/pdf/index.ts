import type { Config } from '#server/config';
import { createChromiumPdfRenderer } from './chromium.ts';
import type { PdfRenderer } from './types.ts';

export type { PdfRenderer } from './types.ts';

/** Documents answered as HTML to print from the browser: no Chromium on this machine. */
const printOnly: PdfRenderer = {
  available: false,
  render: () => Promise.reject(new Error('No Chromium: install Debian’s chromium package or set CHROMIUM_PATH')),
  close: () => Promise.resolve(),
};

/** Chromium when CHROMIUM_PATH (or /usr/bin/chromium) names one, else documents as print-ready HTML. */
export function createPdfRenderer(config: Pick<Config, 'chromiumPath'>): PdfRenderer {
  return config.chromiumPath ? createChromiumPdfRenderer(config.chromiumPath) : printOnly;
}
