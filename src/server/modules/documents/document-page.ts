import { createHash } from 'node:crypto';

/** The one script of a print page: its Print button. Allowed by its hash, so a template's own scripts never run. */
const PRINT_SCRIPT = "document.getElementById('print-document').addEventListener('click',()=>window.print())";
export const PRINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PRINT_SCRIPT).digest('base64')}'`;

/**
 * What a document page may load: its inline styles and data: images (the logo), nothing from the
 * network, and on the print page only the Print button's script. The template is an admin's
 * HTML rendered on the server; neither Chromium nor a reader's browser fetches anything for it.
 */
export const documentPolicy = (printable: boolean) =>
  `default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; script-src ${printable ? PRINT_SCRIPT_HASH : "'none'"}; base-uri 'none'; form-action 'none'`;

/** Text as HTML text or attribute value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A4 with margins unless the template's own `@page` rule (later, so it wins) says otherwise. */
const PAGE_STYLE = '@page{size:A4;margin:16mm}html{-webkit-print-color-adjust:exact;print-color-adjust:exact}';

/** On screen the print page shows a sheet of paper under a bar with the Print button; printed, only the document. */
const PRINT_STYLE = `@media screen{html{background:#e5e7eb}body{box-sizing:border-box;max-width:210mm;min-height:297mm;margin:0 auto 24px;padding:0 16mm 16mm;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.2)}
.print-bar{position:sticky;top:0;display:flex;justify-content:flex-end;margin:0 -16mm 16mm;padding:8px 16mm;background:#f9fafb;border-bottom:1px solid #d1d5db;font:14px system-ui,sans-serif}
.print-bar button{font:inherit;padding:6px 16px;border:0;border-radius:6px;background:#111827;color:#fff;cursor:pointer}}
@media print{.print-bar{display:none}}`;

/**
 * A rendered template as a whole page: for Chromium to print as PDF, or (`printable`) to open in a
 * browser and print from there, with a Print button. The template may be a fragment or a whole
 * document; the HTML parser folds a second <html> or <body> into these.
 */
export function documentPage(body: string, { title, language = 'en' }: { title: string; language?: string }, printable: boolean): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${documentPolicy(printable)}">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}${printable ? PRINT_STYLE : ''}</style>
</head><body>
${printable ? '<div class="print-bar"><button type="button" id="print-document">Print</button></div>\n' : ''}${body}
${printable ? `<script>${PRINT_SCRIPT}</script>\n` : ''}</body></html>`;
}
