import { Liquid, type Template } from 'liquidjs';

/** Tags that read other templates from a file system; refused when a template is parsed. */
const FILE_TAGS = ['include', 'render', 'layout', 'block'] as const;

/**
 * A sandboxed Liquid engine: no file system (the file tags are refused at parse
 * time, and the fs finds nothing anyway), only own properties of the data (no `constructor`,
 * `__proto__`...), strict filters, and bounded parse size, render time and memory, so an
 * admin-edited template cannot reach code or files nor hold a worker.
 */
function sandboxedEngine(outputEscape: 'escape' | undefined) {
  const engine = new Liquid({
    ownPropertyOnly: true,
    relativeReference: false,
    dynamicPartials: false,
    strictFilters: true,
    outputEscape,
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
  for (const tag of FILE_TAGS) {
    engine.registerTag(tag, {
      parse() {
        throw new Error(`the ${tag} tag is not allowed in e-mail templates`);
      },
      render() {},
    });
  }
  return engine;
}

/** Bodies: every output is HTML-escaped unless the template says `| raw`. */
const htmlEngine = sandboxedEngine('escape');
/** Subjects are a header, not HTML: no entities in them. */
const textEngine = sandboxedEngine(undefined);

export type TemplateKind = 'html' | 'text';

const engineFor = (kind: TemplateKind) => (kind === 'html' ? htmlEngine : textEngine);

/** A template that could not be parsed or rendered; the message carries Liquid's line and col. */
export class TemplateError extends Error {
  override name = 'TemplateError';
}

function asTemplateError(error: unknown): TemplateError {
  const message = error instanceof Error ? error.message : String(error);
  return new TemplateError(message);
}

/** Parses a template, throwing a TemplateError (with line/col) when it is not valid Liquid. */
export function parseTemplate(source: string, kind: TemplateKind = 'html'): Template[] {
  try {
    return engineFor(kind).parse(source);
  } catch (error) {
    throw asTemplateError(error);
  }
}

/** Renders a template with data; any failure (syntax, limits, filter arguments) is a TemplateError. */
export async function renderTemplate(source: string, data: Record<string, unknown>, kind: TemplateKind = 'html'): Promise<string> {
  const templates = parseTemplate(source, kind);
  try {
    return await engineFor(kind).render(templates, data);
  } catch (error) {
    throw asTemplateError(error);
  }
}

/** A plain-text body from the HTML, for clients that do not show HTML. */
export function htmlToText(html: string): string {
  return (
    html
      .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, '$2 ($1)')
      .replace(/<(br|\/p|\/h\d|\/div|\/li|\/tr)\s*\/?>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#34;/g, '"')
      .replace(/&#39;/g, "'")
      // Last, so an escaped entity ("&amp;lt;") is decoded once only.
      .replace(/&amp;/g, '&')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n\s*\n+/g, '\n\n')
      .trim()
  );
}
