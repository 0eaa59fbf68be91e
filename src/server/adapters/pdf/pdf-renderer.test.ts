import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { withPdfFile } from '../../../../test/support/document-text.ts';
import { createPdfRenderer } from './index.ts';

describe('the PDF renderer chosen by CHROMIUM_PATH', () => {
  it('is Debian’s Chromium by default where it is installed, none when the setting is empty', () => {
    expect(loadConfig({}).chromiumPath).toBe(existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null);
    const none = loadConfig({ CHROMIUM_PATH: '' });
    expect(none.chromiumPath).toBeNull();
    expect(createPdfRenderer(none).available).toBe(false);
    expect(createPdfRenderer({ chromiumPath: '/usr/bin/chromium' }).available).toBe(true);
  });

  it('refuses to start with a CHROMIUM_PATH that names no file', () => {
    expect(() => loadConfig({ CHROMIUM_PATH: '/nowhere/chromium' })).toThrow('CHROMIUM_PATH: no file at /nowhere/chromium');
  });
});

const chromium = loadConfig({ CHROMIUM_PATH: process.env.CHROMIUM_PATH }).chromiumPath;

describe.skipIf(!chromium)('Chromium printing (skipped without Chromium)', () => {
  it('prints pages side by side in one browser, and starts it again after it was closed', async () => {
    const renderer = createPdfRenderer({ chromiumPath: chromium });
    try {
      const pdfs = await Promise.all(
        ['One', 'Two', 'Three'].map((word) => renderer.render(`<!doctype html><style>@page { size: A5 }</style><p>${word}</p>`)),
      );
      for (const pdf of pdfs) {
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        // The template's @page sets the paper.
        expect(withPdfFile(pdf, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }))).toMatch(/Page size: .* \(A5\)/);
      }
      await renderer.close();
      expect((await renderer.render('<p>Again</p>')).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await renderer.close();
    }
  });
});
