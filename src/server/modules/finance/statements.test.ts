import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyDecimals, toMinorUnits } from '#shared/money';
import { LEDGER_KINDS, type LedgerKind } from '#shared/schemas/finance';
import { STATEMENT_LINES, type StatementAnswer } from '#shared/schemas/statements';
import { createTestApp, DEMO_STORE, type TestApp } from '../../../../test/support/test-app.ts';
import { documentText } from '../../../../test/support/document-text.ts';
import { ledgerEntries, vendors } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { STATEMENT_KINDS } from './statements.ts';

const ZONE = 'America/New_York';
let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let vendorTwo: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  expect((await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { timeZone: ZONE } })).statusCode).toBe(200);
  [{ id: vendorTwo }] = await t.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.storeId, DEMO_STORE), eq(vendors.name, 'Vendor Two')));
});
afterAll(() => t.close());

/** The month (YYYY-MM) an instant falls in on the store's clock. */
const zoneMonth = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit' }).format(at).slice(0, 7);
const minor = (amount: string, currency: string) => toMinorUnits(amount, currencyDecimals(currency));

async function statementOf(session: Session, month: string, query = ''): Promise<StatementAnswer> {
  const res = await caller(t, session)('GET', `/api/statements/${month}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What the statement must say, summed from Vendor Two's own entries in JavaScript (months by the store's zone). */
async function expected(month: string) {
  const entries = await t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.storeId, DEMO_STORE), eq(ledgerEntries.vendorId, vendorTwo), eq(ledgerEntries.inPayout, true)));
  const byCurrency = new Map<string, { opening: number; lines: Record<string, number>; closing: number; entries: number }>();
  for (const e of entries) {
    const at = zoneMonth(e.occurredAt);
    if (at > month) continue;
    const figures = byCurrency.get(e.currency) ?? {
      opening: 0,
      lines: Object.fromEntries(STATEMENT_LINES.map((l) => [l, 0])),
      closing: 0,
      entries: 0,
    };
    if (at < month) figures.opening += e.amount;
    else {
      figures.lines[STATEMENT_LINES.find((l) => STATEMENT_KINDS[l].includes(e.kind))!] += e.amount;
      figures.entries += 1;
    }
    figures.closing += e.amount;
    byCurrency.set(e.currency, figures);
  }
  return byCurrency;
}

const entryArb = fc.record({
  // Instants around month ends and a daylight-saving change, in UTC: the zone decides their month.
  at: fc.integer({ min: Date.UTC(2025, 0, 28), max: Date.UTC(2025, 4, 3) }),
  kind: fc.constantFrom<LedgerKind>(...LEDGER_KINDS),
  currency: fc.constantFrom('USD', 'EUR', 'JPY'),
  amount: fc.integer({ min: -50_000, max: 50_000 }),
  inPayout: fc.boolean(),
});

describe('monthly statements', () => {
  it('add up: each figure is its kinds of entries of the month on the store’s clock, each currency apart, and every closing balance is the next opening one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { minLength: 1, maxLength: 25 }), async (generated) => {
        await t.db.insert(ledgerEntries).values(
          generated.map((g) => ({
            storeId: DEMO_STORE,
            vendorId: vendorTwo,
            currency: g.currency,
            amount: g.amount,
            kind: g.kind,
            inPayout: g.inPayout,
            inSales: false,
            occurredAt: new Date(g.at),
            memo: 'property',
          })),
        );
        const months = ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05'];
        let previous: StatementAnswer | null = null;
        for (const month of months) {
          const statement = await statementOf(s.vendor2, month);
          expect(statement).toMatchObject({ vendor: 'Vendor Two', month, timeZone: ZONE });
          const want = await expected(month);
          expect(statement.sections.map((x) => x.currency).sort()).toEqual(
            [...want]
              .filter(([, w]) => w.opening !== 0 || w.entries > 0)
              .map(([c]) => c)
              .sort(),
          );
          for (const section of statement.sections) {
            const w = want.get(section.currency)!;
            const c = section.currency;
            expect(minor(section.openingBalance, c)).toBe(w.opening);
            for (const line of STATEMENT_LINES) expect(minor(section[line], c), `${month} ${c} ${line}`).toBe(w.lines[line]);
            expect(minor(section.closingBalance, c)).toBe(w.closing);
            expect(section.entries).toBe(w.entries);
            expect(w.opening + STATEMENT_LINES.reduce((sum, l) => sum + minor(section[l], c), 0)).toBe(minor(section.closingBalance, c));
            const before = previous?.sections.find((x) => x.currency === c);
            if (before) expect(section.openingBalance).toBe(before.closingBalance);
          }
          previous = statement;
        }
      }),
      { numRuns: 6 },
    );
  });

  it('is the vendor’s own: a vendor never gets another’s, an admin names the vendor', async () => {
    await t.db.insert(ledgerEntries).values({
      storeId: DEMO_STORE,
      vendorId: vendorTwo,
      currency: 'USD',
      amount: 12_345,
      kind: 'adjustment',
      inPayout: true,
      inSales: false,
      occurredAt: new Date('2024-06-15T12:00:00Z'),
    });
    const own = await statementOf(s.vendor2, '2024-06');
    expect(own.sections.find((x) => x.currency === 'USD')?.fees).toBe('123.45');

    // Vendor One asking for Vendor Two's statement gets its own, which has no such entry.
    const other = await statementOf(s.vendor1, '2024-06', '?requestedVendor=Vendor%20Two');
    expect(other.vendor).toBe('Vendor One');
    expect(other.sections.every((x) => x.fees !== '123.45')).toBe(true);
    const file = await caller(t, s.vendor1)('GET', '/api/statements/2024-06?format=csv&requestedVendor=Vendor%20Two');
    expect(file.body).not.toContain('Vendor Two');

    expect((await statementOf(s.admin, '2024-06', '?requestedVendor=Vendor%20Two')).sections).toEqual(own.sections);
    const unnamed = await caller(t, s.admin)('GET', '/api/statements/2024-06');
    expect([unnamed.statusCode, unnamed.json().message]).toEqual([400, 'Choose a vendor']);
    expect((await caller(t, s.admin)('GET', '/api/statements/2024-06?requestedVendor=Nobody')).statusCode).toBe(404);
  });

  it('refuses a malformed month or format with a clear message', async () => {
    for (const month of ['2024-13', '2024-6', 'june']) {
      const res = await caller(t, s.vendor2)('GET', `/api/statements/${month}`);
      expect([res.statusCode, res.json().message]).toEqual([400, 'Must be a month like 2026-03']);
    }
    expect((await caller(t, s.vendor2)('GET', '/api/statements/2024-06?format=xls')).statusCode).toBe(400);
  });

  it('is empty for a month with nothing owed and nothing moved', async () => {
    expect((await statementOf(s.vendor2, '2001-01')).sections).toEqual([]);
  });

  it('downloads as CSV (one row per currency) and as a PDF (HTML to print without Chromium)', async () => {
    const csv = await caller(t, s.vendor2)('GET', '/api/statements/2024-06?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="statement-vendor-two-2024-06.csv"');
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'Vendor,Month,Currency,Opening Balance,Sales,Discounts,Shipping,Tax,Commission,Refunds,Fees,Label Costs,Payouts,Closing Balance',
    );
    expect(rows.some((r: string) => r.startsWith('Vendor Two,2024-06,USD,') && r.includes(',123.45,'))).toBe(true);

    const pdf = await caller(t, s.vendor2)('GET', '/api/statements/2024-06?format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe(t.ctx.pdf.available ? 'application/pdf' : 'text/html; charset=utf-8');
    const text = documentText(pdf);
    for (const words of ['Statement 2024-06', 'Vendor Two', 'Opening balance', 'Fees', '$123.45', 'Closing balance'])
      expect(text).toContain(words);
  });
});
