import { currencyDecimals, formatMoney, toMinorUnits } from '#shared/money';
import { STATEMENT_LINES, type StatementAnswer, type StatementLine } from '#shared/schemas/statements';
import type { AppContext } from '#server/context';
import { escapeHtml, printDocument, type RenderedDocument } from '../documents/index.ts';
import { toCsv } from '../exports/index.ts';
import { getStore } from '../stores/index.ts';

/** The lines as a statement file names them. */
export const STATEMENT_LINE_LABELS: Record<StatementLine, string> = {
  sales: 'Sales',
  discounts: 'Discounts',
  shipping: 'Shipping',
  tax: 'Tax',
  commission: 'Commission',
  refunds: 'Refunds',
  fees: 'Fees',
  labelCosts: 'Label Costs',
  payouts: 'Payouts',
};
export const STATEMENT_CSV_COLUMNS = [
  'Vendor',
  'Month',
  'Currency',
  'Opening Balance',
  ...STATEMENT_LINES.map((l) => STATEMENT_LINE_LABELS[l]),
  'Closing Balance',
] as const;

const fileName = (statement: StatementAnswer) => `statement-${statement.vendor.replace(/[^\w-]+/g, '-').toLowerCase()}-${statement.month}`;

/** One row per currency, amounts as signed decimal text (formula-safe cells, like every export). */
export function statementCsv(statement: StatementAnswer): { body: string; filename: string } {
  const rows = statement.sections.map((s) => [
    statement.vendor,
    statement.month,
    s.currency,
    s.openingBalance,
    ...STATEMENT_LINES.map((l) => s[l]),
    s.closingBalance,
  ]);
  // A BOM first, so spreadsheet tools read the file as UTF-8.
  return { body: `\uFEFF${toCsv(STATEMENT_CSV_COLUMNS, rows, true)}`, filename: `${fileName(statement)}.csv` };
}

const STYLE = `<style>
body { margin: 0; font-family: "Liberation Sans", Arial, Helvetica, sans-serif; font-size: 10pt; line-height: 1.4; color: #111827; }
h1 { font-size: 18pt; margin: 0 0 2mm; }
h2 { font-size: 11pt; margin: 6mm 0 2mm; }
p { margin: 0 0 4mm; }
table { width: 60%; border-collapse: collapse; }
td { padding: 1mm 2mm; border-bottom: 1px solid #e5e7eb; }
.num { text-align: right; white-space: nowrap; }
.balance td { font-weight: bold; border-bottom: 1px solid #111827; }
.footer { color: #6b7280; font-size: 8.5pt; margin-top: 8mm; }
</style>`;

/** The statement as a printed page: a PDF through the documents' Chromium, or the page to print where the server has none. */
export async function statementPdf(ctx: AppContext, storeId: string, statement: StatementAnswer): Promise<RenderedDocument> {
  const store = await getStore(ctx.db, storeId);
  const money = (amount: string, currency: string) => escapeHtml(formatMoney(toMinorUnits(amount, currencyDecimals(currency)), currency));
  const row = (label: string, amount: string, currency: string, balance = false) =>
    `<tr${balance ? ' class="balance"' : ''}><td>${escapeHtml(label)}</td><td class="num">${money(amount, currency)}</td></tr>`;
  const sections = statement.sections.length
    ? statement.sections
        .map(
          (s) => `<h2>${escapeHtml(s.currency)}</h2><table>
${row('Opening balance', s.openingBalance, s.currency, true)}
${STATEMENT_LINES.map((l) => row(STATEMENT_LINE_LABELS[l], s[l], s.currency)).join('\n')}
${row('Closing balance', s.closingBalance, s.currency, true)}
</table>`,
        )
        .join('\n')
    : '<p>No money moved this month and nothing was owed.</p>';
  const html = `${STYLE}
<h1>Statement ${escapeHtml(statement.month)}</h1>
<p>${escapeHtml(statement.vendor)}<br>${escapeHtml(statement.from)} – ${escapeHtml(statement.to)} (${escapeHtml(statement.timeZone)})</p>
${sections}
<p class="footer">${escapeHtml(store.shopName)}</p>`;
  return printDocument(ctx, html, { title: `Statement ${statement.month} ${statement.vendor}`, filename: fileName(statement) });
}
