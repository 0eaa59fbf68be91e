/**
 * Turns a document's HTML into PDF bytes with a real HTML/CSS engine, so the PDF is what the
 * template's preview shows. Where no engine is installed, `available` is false and documents are
 * answered as print-ready HTML instead.
 */
export interface PdfRenderer {
  readonly available: boolean;
  /** The PDF of a whole HTML page; its CSS `@page` rule sets the paper (A4 when it has none). */
  render(html: string): Promise<Buffer>;
  /** Ends the engine (at shutdown); a later render starts it again. */
  close(): Promise<void>;
}
