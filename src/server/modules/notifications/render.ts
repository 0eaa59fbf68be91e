import { Liquid } from 'liquidjs';

/**
 * A sandboxed Liquid engine: no file system (include/render/layout find nothing), only own
 * properties of the data, bounded render time, so an admin-edited template cannot reach code or files.
 */
const engine = new Liquid({
  ownPropertyOnly: true,
  relativeReference: false,
  strictFilters: true,
  outputEscape: 'escape',
  renderLimit: 1000,
  parseLimit: 200_000,
  memoryLimit: 20_000_000,
  fs: {
    exists: async () => false,
    existsSync: () => false,
    readFile: async () => '',
    readFileSync: () => '',
    resolve: (_dir: string, file: string) => file,
  },
});

export async function renderTemplate(source: string, data: Record<string, unknown>): Promise<string> {
  return engine.parseAndRender(source, data);
}

/** A plain-text body from the HTML, for clients that do not show HTML. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, '$2 ($1)')
    .replace(/<(br|\/p|\/h\d|\/div)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}
