import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Hands a poppler tool (pdftotext, pdftoppm) the PDF as a file, in a scratch folder it may write beside. */
export function withPdfFile<T>(pdf: Buffer, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mp-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#34': '"', nbsp: ' ' };

/**
 * What a reader of a document answer sees, whitespace collapsed to single spaces: the PDF's text
 * (poppler's pdftotext, in layout) or, where the server has no Chromium, the print page's text.
 */
export function documentText(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const text =
    res.headers['content-type'] === 'application/pdf'
      ? withPdfFile(res.rawPayload, (file) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }))
      : res.rawPayload
          .toString('utf8')
          .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
          .replace(/<[^>]+>/g, ' ')
          .replace(/&(amp|lt|gt|quot|#39|#34|nbsp);/g, (_, name: string) => ENTITIES[name]);
  return text.replace(/\s+/g, ' ').trim();
}
