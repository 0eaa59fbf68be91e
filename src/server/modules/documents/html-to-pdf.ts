import PDFDocument from 'pdfkit';
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';

/**
 * Lays out the HTML of a document template (an invoice, a packing slip) on PDF pages with pdfkit: no
 * browser to install, and the text stays text (searchable, copyable). It reads the HTML a template
 * editor writes for a document, not the whole web: headings, paragraphs and divs, bold and small
 * text, line breaks, tables (columns share the width; `text-align:right` cells align right), lists,
 * rules, and images given as PNG or JPEG data URLs (the store's logo). Anything else is read as
 * its text. Colours and other styles are left out on purpose: a document prints in black on white.
 */

type Align = 'left' | 'right' | 'center';
interface Run {
  text: string;
  bold: boolean;
  size: number;
}
interface Options {
  title: string;
  author: string;
}

const MARGIN = 50;
const BASE_SIZE = 10;
const HEADING_SIZE: Record<string, number> = { h1: 20, h2: 16, h3: 14, h4: 12 };
const BLOCKS = new Set(['p', 'div', 'section', 'header', 'footer', 'address', 'h1', 'h2', 'h3', 'h4', 'table', 'ul', 'ol', 'hr', 'img', 'br']);

const isElement = (node: ChildNode): node is Element => node.type === 'tag' || node.type === 'script' || node.type === 'style';
const styleOf = (el: Element, property: string) => new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`, 'i').exec(el.attribs.style ?? '')?.[1].trim().toLowerCase();
const alignOf = (el: Element, fallback: Align = 'left'): Align => {
  const value = styleOf(el, 'text-align') ?? el.attribs.align?.toLowerCase();
  return value === 'right' || value === 'center' ? value : fallback;
};
const isBold = (el: Element) => ['strong', 'b', 'th'].includes(el.name) || ['bold', '600', '700', '800'].includes(styleOf(el, 'font-weight') ?? '');

/** The inline runs of a node: text with its weight and size; <br> is a newline; whitespace collapsed as a browser does. */
function runsOf(nodes: ChildNode[], bold: boolean, size: number, out: Run[] = []): Run[] {
  for (const node of nodes) {
    if (node.type === 'text') {
      const text = node.data.replace(/\s+/g, ' ');
      if (text) out.push({ text, bold, size });
    } else if (isElement(node)) {
      if (node.name === 'style' || node.name === 'script') continue;
      if (node.name === 'br') out.push({ text: '\n', bold, size });
      else runsOf(node.children, bold || isBold(node), node.name === 'small' ? size * 0.85 : size, out);
    }
  }
  return out;
}

/** Trims the runs' outer spaces and the spaces around line breaks. */
function tidy(runs: Run[]): Run[] {
  const joined = runs.filter((r) => r.text !== '');
  joined.forEach((run, i) => {
    if (i === 0 || joined[i - 1].text.endsWith('\n')) run.text = run.text.replace(/^ +/, '');
    if (i === joined.length - 1 || joined[i + 1].text.startsWith('\n')) run.text = run.text.replace(/ +$/, '');
    run.text = run.text.replace(/ *\n */g, '\n');
  });
  return joined.filter((r) => r.text !== '');
}

function imageOf(src: string | undefined): Buffer | null {
  const match = /^data:image\/(png|jpe?g);base64,([a-z0-9+/=\s]+)$/i.exec(src ?? '');
  return match ? Buffer.from(match[2], 'base64') : null;
}

export async function htmlToPdf(html: string, options: Options): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: MARGIN, compress: false, info: { Title: options.title, Author: options.author } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => pdf.on('end', () => resolve()));
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - MARGIN;

  const writeRuns = (runs: Run[], x: number, y: number, w: number, align: Align) => {
    const lines = tidy(runs);
    pdf.x = x;
    pdf.y = y;
    if (lines.length === 0) return;
    lines.forEach((run, i) => {
      pdf.font(run.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(run.size);
      const last = i === lines.length - 1;
      if (i === 0) pdf.text(run.text, x, y, { width: w, align, continued: !last });
      else pdf.text(run.text, { width: w, align, continued: !last });
    });
  };

  const paragraph = (el: Element, size = BASE_SIZE, bold = false) => {
    const runs = runsOf(el.children, bold || isBold(el), size);
    if (tidy(runs.map((r) => ({ ...r }))).length === 0) return;
    writeRuns(runs, MARGIN, pdf.y, width, alignOf(el));
    pdf.moveDown(0.6);
  };

  const table = (el: Element) => {
    const rows: Element[] = [];
    const collect = (nodes: ChildNode[]) => nodes.filter(isElement).forEach((n) => (n.name === 'tr' ? rows.push(n) : collect(n.children)));
    collect(el.children);
    const cellsOf = (row: Element) => row.children.filter(isElement).filter((c) => c.name === 'td' || c.name === 'th');
    const columns = Math.max(1, ...rows.map((r) => cellsOf(r).length));
    // Two columns (addresses side by side) share the width; in a wider table the first column (the
    // item's name) takes what the others leave.
    const narrow = columns > 2 ? Math.min(90, (width * 0.5) / (columns - 1)) : width / columns;
    const widths = Array.from({ length: columns }, (_, i) => (i === 0 ? width - narrow * (columns - 1) : narrow));
    const pad = 4;
    for (const row of rows) {
      const cells = cellsOf(row);
      const heights = cells.map((cell, i) => {
        const runs = tidy(runsOf(cell.children, isBold(cell) || isBold(row), BASE_SIZE));
        pdf.font(runs.some((r) => r.bold) ? 'Helvetica-Bold' : 'Helvetica').fontSize(BASE_SIZE);
        return pdf.heightOfString(runs.map((r) => r.text).join('') || ' ', { width: widths[i] - 2 * pad });
      });
      const height = Math.max(BASE_SIZE, ...heights) + 2 * pad;
      if (pdf.y + height > bottom()) pdf.addPage();
      const top = pdf.y;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        writeRuns(runsOf(cell.children, isBold(cell) || isBold(row), BASE_SIZE), x + pad, top + pad, widths[i] - 2 * pad, alignOf(cell, alignOf(row)));
        x += widths[i];
      });
      const header = cells.some((c) => c.name === 'th');
      pdf
        .moveTo(MARGIN, top + height)
        .lineTo(MARGIN + width, top + height)
        .lineWidth(header ? 1 : 0.5)
        .strokeColor(header ? '#9ca3af' : '#e5e7eb')
        .stroke();
      pdf.x = MARGIN;
      pdf.y = top + height;
    }
    pdf.moveDown(0.8);
  };

  const block = (nodes: ChildNode[]) => {
    // Inline content between blocks is a paragraph of its own (text directly inside a div).
    let inline: ChildNode[] = [];
    const flush = () => {
      if (inline.length) paragraph({ type: 'tag', name: 'p', attribs: {}, children: inline } as unknown as Element);
      inline = [];
    };
    for (const node of nodes) {
      if (!isElement(node) || !BLOCKS.has(node.name)) {
        inline.push(node);
        continue;
      }
      flush();
      if (pdf.y > bottom() - BASE_SIZE * 2) pdf.addPage();
      switch (node.name) {
        case 'h1':
        case 'h2':
        case 'h3':
        case 'h4':
          paragraph(node, HEADING_SIZE[node.name], true);
          break;
        case 'p':
        case 'address':
          paragraph(node);
          break;
        case 'table':
          table(node);
          break;
        case 'ul':
        case 'ol':
          node.children.filter(isElement).forEach((li, i) => {
            writeRuns([{ text: node.name === 'ol' ? `${i + 1}. ` : '• ', bold: false, size: BASE_SIZE }, ...runsOf(li.children, false, BASE_SIZE)], MARGIN + 10, pdf.y, width - 10, 'left');
          });
          pdf.moveDown(0.6);
          break;
        case 'hr':
          pdf.moveTo(MARGIN, pdf.y).lineTo(MARGIN + width, pdf.y).lineWidth(0.5).strokeColor('#9ca3af').stroke();
          pdf.moveDown(0.6);
          break;
        case 'img': {
          const image = imageOf(node.attribs.src);
          const height = Math.min(120, Number.parseInt(styleOf(node, 'height') ?? node.attribs.height ?? '48', 10) || 48);
          if (image) {
            try {
              pdf.image(image, MARGIN, pdf.y, { height });
              pdf.y += height + 8;
            } catch {
              // Not a readable PNG or JPEG: the document goes on without it.
            }
          }
          break;
        }
        case 'br':
          pdf.moveDown(0.6);
          break;
        default:
          block(node.children);
      }
    }
    flush();
  };

  const root = parseDocument(html);
  const body = root.children.filter(isElement).find((n) => n.name === 'html');
  block(body ? body.children : root.children);
  pdf.end();
  await done;
  return Buffer.concat(chunks);
}
