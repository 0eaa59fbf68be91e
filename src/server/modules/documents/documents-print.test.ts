import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_PICKUP, DEFAULT_PACKAGE } from '#shared/schemas/vendor-settings';
import { loadConfig } from '#server/config';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { withPdfFile } from '../../../../test/support/document-text.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { orderAndPayout } from './documents-test-kit.ts';

/**
 * The three documents printed by Chromium, in English and in German (each in the language of the
 * country it goes to), read back the way a person reads paper: each page drawn (pdftoppm), and the text's
 * positions (pdftotext -bbox-layout): no two lines of text overlap, every address line and every
 * total stands on a line of its own.
 */

const chromium = loadConfig({ CHROMIUM_PATH: process.env.CHROMIUM_PATH }).chromiumPath;
if (!chromium) console.warn('\n!!! Document print tests SKIPPED: no Chromium. Install Debian’s chromium package or set CHROMIUM_PATH.\n');

interface Box {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}
interface Page {
  lines: Box[];
  words: Box[];
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    // Amounts are written with a no-break space ("72,00 $"), which reads as a space
    .replace(/\u00a0/g, ' ');
const boxOf = (attributes: string, text: string): Box => {
  const at = (name: string) => Number(new RegExp(`${name}="([\\d.]+)"`).exec(attributes)![1]);
  return { text, xMin: at('xMin'), yMin: at('yMin'), xMax: at('xMax'), yMax: at('yMax') };
};

/** Every page's lines of text (as pdftotext groups them within a block) and words, with their boxes in points. */
function layoutOf(pdf: Buffer): Page[] {
  const xhtml = withPdfFile(pdf, (file) => execFileSync('pdftotext', ['-bbox-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
  return xhtml
    .split('<page ')
    .slice(1)
    .map((page) => {
      const lines = [...page.matchAll(/<line ([^>]*)>([\s\S]*?)<\/line>/g)].map(([, attributes, inner]) => {
        const words = [...inner.matchAll(/<word ([^>]*)>([^<]*)<\/word>/g)].map(([, a, text]) => boxOf(a, decode(text)));
        return { line: boxOf(attributes, words.map((w) => w.text).join(' ')), words };
      });
      return { lines: lines.map((l) => l.line), words: lines.flatMap((l) => l.words) };
    });
}

/** The rows of a page as an eye reads them across its whole width: words whose heights overlap, left to right. */
function rowsOf(page: Page): string[] {
  const rows: { yMin: number; yMax: number; words: Box[] }[] = [];
  for (const word of [...page.words].sort((a, b) => a.yMin - b.yMin)) {
    const middle = (word.yMin + word.yMax) / 2;
    const row = rows.find((r) => middle > r.yMin && middle < r.yMax);
    if (row) row.words.push(word);
    else rows.push({ yMin: word.yMin, yMax: word.yMax, words: [word] });
  }
  return rows.map((r) =>
    r.words
      .sort((a, b) => a.xMin - b.xMin)
      .map((w) => w.text)
      .join(' '),
  );
}

/** Two lines overlap when their boxes share more than a hair (half a point) both across and down. */
const overlap = (a: Box, b: Box) =>
  Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin) > 0.5 && Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin) > 0.5;
/** Every pair of boxes printed on top of each other: lines of text, and words (text drawn over text at one spot reads as one line). */
const overlapsOf = (boxes: Box[]) =>
  boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter((b) => overlap(a, b))
      .map((b) => `"${a.text}" over "${b.text}"`),
  );

/** Each page drawn as PNG at 50 dpi: an A4 sheet with ink on it. */
async function expectDrawnPages(pdf: Buffer, pages: number) {
  const images = withPdfFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-png', '-r', '50', file, path.join(dir, 'page')]);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => readFileSync(path.join(dir, name)));
  });
  expect(images).toHaveLength(pages);
  for (const image of images) {
    const { width, height } = await sharp(image).metadata();
    // A4 (210 × 297 mm) at 50 dpi, give or take the rounding of a pixel
    expect(Math.abs(width! - 413) <= 1 && Math.abs(height! - 585) <= 1, `${width} × ${height} px`).toBe(true);
    const { channels } = await sharp(image).stats();
    expect(channels[0].min, 'the page has dark text on it').toBeLessThan(80);
  }
}

const address = (name: string, street1: string, zip: string, city: string, country: string, email: string) => ({
  name,
  company: '',
  street1,
  street2: '',
  city,
  state: '',
  zip,
  country,
  phone: '+31 30 123 4567',
  email,
});

/**
 * Each language's order: a buyer and a vendor in a country of that language, the words the
 * documents print in it, and the amounts and the payout's day as that language writes them.
 */
const LANGUAGES = {
  en: {
    name: 'in English (a buyer and a vendor in Ireland)',
    product: { title: 'Stoneware mug, handmade', sku: 'MUG-EN' },
    buyer: ['Siobhán O’Brien', 'O’Brien & Daughters Ltd', '12 Merrion Square', 'Flat 2, second floor', 'D02 XY45', 'Dublin', 'IE'],
    vendor: address('Vendor One', '3 Potter Lane', 'D08 K2P7', 'Dublin', 'IE', 'one@vendor.example'),
    vendorLines: ['3 Potter Lane', 'D08 K2P7 Dublin'],
    invoice: ['Sold by', 'Billed to', 'Subtotal', 'Discount', 'Shipping', 'Tax', 'Total'],
    slip: ['From', 'Ship to', 'Item SKU Qty'],
    commission: ['From', 'To', 'Sales', 'Commission', 'Paid to Vendor One', 'Date: November 20, 2026'],
    amounts: ['$72.00', '$0.00', '$4.95', '$0.00', '$76.95', '$7.20', '$69.75'],
  },
  de: {
    name: 'in German (a buyer and a vendor in Germany)',
    product: { title: 'Steingut-Becher, handgemacht', sku: 'MUG-DE' },
    buyer: ['Jürgen Weiß', 'Weiß & Söhne GmbH', 'Königsallee 53', 'Hinterhaus, 2. Etage', '40212', 'Düsseldorf', 'DE'],
    vendor: address('Vendor One', 'Töpferstraße 3', '10115', 'Berlin', 'DE', 'one@vendor.example'),
    vendorLines: ['Töpferstraße 3', '10115 Berlin'],
    invoice: ['Verkauft von', 'Rechnungsempfänger', 'Zwischensumme', 'Rabatt', 'Versandkosten', 'Mehrwertsteuer', 'Gesamtbetrag'],
    slip: ['Absender', 'Lieferanschrift', 'Artikel Artikelnummer Menge'],
    commission: ['Absender', 'Empfänger', 'Umsatz', 'Provision', 'Ausgezahlt an Vendor One', 'Datum: 20. November 2026'],
    amounts: ['72,00 $', '0,00 $', '4,95 $', '0,00 $', '76,95 $', '7,20 $', '69,75 $'],
  },
};

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
/** The last order's documents, for the checks of what a template may do. */
let orderUrl: string;

describe.skipIf(!chromium)('documents printed by Chromium', () => {
  beforeAll(async () => {
    t = await createTestApp();
    s = await demoSessions(t);
    const as = (who: Session) => caller(t, who);
    expect(
      (
        await as(s.admin)('POST', '/api/settings/delivery/zone', {
          zone: {
            zoneName: 'EU',
            rates: [{ name: 'Standard', price: '4.95' }],
            countries: [{ code: 'DE' }, { code: 'IE' }, { code: 'NL' }],
          },
        })
      ).statusCode,
    ).toBe(201);
    const saved = await as(s.admin)('PUT', '/api/settings/ship-from-address', {
      shipFromAddress: address('Demo Marketplace', 'Marktplein 1', '1012 JS', 'Amsterdam', 'NL', 'hello@marketplace.example'),
      defaultPackage: DEFAULT_PACKAGE,
      defaultLocalPickup: DEFAULT_LOCAL_PICKUP,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t?.close());

  /** The document's PDF as the vendor downloads it, checked as printed paper; its rows of text come back. */
  async function printed(url: string) {
    const res = await caller(t, s.vendor1)('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = layoutOf(res.rawPayload);
    expect(pages).toHaveLength(1);
    await expectDrawnPages(res.rawPayload, 1);
    const [page] = pages;
    expect(overlapsOf(page.lines)).toEqual([]);
    expect(overlapsOf(page.words)).toEqual([]);
    return { lines: page.lines.map((l) => l.text), rows: rowsOf(page) };
  }

  const expectAddress = (lines: string[], address: string[]) => {
    for (const line of address) expect(lines, `the address line "${line}" stands alone`).toContain(line);
  };

  for (const language of ['en', 'de'] as const) {
    const words = LANGUAGES[language];
    describe(words.name, () => {
      let documentsUrl: string;
      let payoutUrl: string;
      beforeAll(async () => {
        const saved = await caller(t, s.vendor1)('PUT', '/api/settings/ship-from-address', {
          shipFromAddress: words.vendor,
          defaultPackage: DEFAULT_PACKAGE,
          defaultLocalPickup: DEFAULT_LOCAL_PICKUP,
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const [name, company, street1, street2, zip, city, country] = words.buyer;
        const { vendorOrderId, payoutId } = await orderAndPayout(t, s.admin, {
          ...words.product,
          price: '24.00',
          quantity: 3,
          address: { name, company, street1, street2, zip, city, country },
        });
        documentsUrl = orderUrl = `/api/orders/${vendorOrderId}/documents`;
        payoutUrl = `/api/payouts/${payoutId}/invoice`;
      });
      const [name, company, street1, street2, zip, city, country] = words.buyer;
      const buyerLines = [name, company, street1, street2, `${zip} ${city}`, country];

      it('the invoice: both addresses line by line, each total on a row of its own, amounts in the language', async () => {
        const { lines, rows } = await printed(`${documentsUrl}/invoice`);
        expectAddress(lines, [words.invoice[0], 'Vendor One', ...words.vendorLines, 'one@vendor.example', '+31 30 123 4567']);
        expectAddress(lines, [words.invoice[1], ...buyerLines]);
        const labels = words.invoice.slice(2);
        for (const row of labels.map((label, i) => `${label} ${words.amounts[i]}`))
          expect(rows, `"${row}" is a row of its own`).toContain(row);
      });

      it('the packing slip: sender and recipient line by line, its headings in the language', async () => {
        const { lines, rows } = await printed(`${documentsUrl}/slip`);
        expectAddress(lines, [words.slip[0], 'Vendor One', ...words.vendorLines, words.vendor.country]);
        expectAddress(lines, [words.slip[1], ...buyerLines]);
        expect(rows).toContain(words.slip[2]);
        expect(rows).toContain(`${words.product.title} ${words.product.sku} 3`);
      });

      it('the commission invoice: the marketplace and the vendor line by line, each total on a row of its own, its day in the language', async () => {
        const { lines, rows } = await printed(payoutUrl);
        expectAddress(lines, [words.commission[0], 'Demo Marketplace', 'Marktplein 1', '1012 JS Amsterdam']);
        expectAddress(lines, [words.commission[1], 'Vendor One', ...words.vendorLines]);
        expect(lines).toContain(words.commission[5]);
        const [sales, commission, paid] = words.commission.slice(2);
        const [amount, , , , , fee, payout] = words.amounts;
        for (const row of [`${sales} ${amount}`, `${commission} ${fee}`, `${paid} ${payout}`])
          expect(rows, `"${row}" is a row of its own`).toContain(row);
      });
    });
  }

  it('the check sees text printed over text (the old layout’s totals) and addresses run together', async () => {
    const total = (label: string) => `<p style="position:absolute;top:0;right:0;margin:0">${label}</p>`;
    const overprinted = `<div style="position:relative;height:10mm">${total('Subtotal: $72.00')}${total('Shipping: $4.95')}${total('Total: $76.95')}</div><p>From{{ seller.name }}{{ seller.street1 }}</p>`;
    expect((await caller(t, s.admin)('PUT', '/api/notifications/templates/doc-packing-slip', { htmlBody: overprinted })).statusCode).toBe(
      200,
    );
    const [page] = layoutOf((await caller(t, s.vendor1)('GET', `${orderUrl}/slip`)).rawPayload);
    expect(overlapsOf(page.words).length).toBeGreaterThan(0);
    expect(page.lines).not.toContainEqual(expect.objectContaining({ text: 'Töpferstraße 3' }));
  });

  it('the document reaches no network and runs no script: it is an admin’s HTML printed on the server', async () => {
    const asked: string[] = [];
    const server = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.end('body { color: red }');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const html = `<link rel="stylesheet" href="${origin}/style.css"><img src="${origin}/pixel.png" alt=""><iframe src="${origin}/frame"></iframe>
<p style="background:url(${origin}/background.png)">Packed by {{ seller.name }}</p><script>document.write('SCRIPT RAN'); fetch('${origin}/fetch');</script>`;
      expect((await caller(t, s.admin)('PUT', '/api/notifications/templates/doc-packing-slip', { htmlBody: html })).statusCode).toBe(200);
      const res = await caller(t, s.vendor1)('GET', `${orderUrl}/slip`);
      expect(res.statusCode).toBe(200);
      const text = layoutOf(res.rawPayload).flatMap((page) => page.lines.map((l) => l.text));
      expect(text).toContain('Packed by Vendor One');
      expect(text.join(' ')).not.toContain('SCRIPT RAN');
      expect(asked).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
