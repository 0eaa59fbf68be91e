/**
 * The text of an uncompressed PDF as pdfkit writes it (hex glyph strings in TJ arrays, one array per
 * run of text), one line per run: enough to assert what a reader of the document sees.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const runs: string[] = [];
  for (const [, array] of source.matchAll(/\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\]\s*TJ/g)) {
    runs.push([...array.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
  }
  return runs.join('\n');
}
