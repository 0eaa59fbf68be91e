import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '#web/i18n/index.ts';

const { TotalsCards } = await import('./totals-cards.tsx');

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['finance']);
});

// As the ledger sums them: from the vendor's balance, commission, refunds and payouts are deductions.
const agg = {
  currency: 'USD',
  count: 6,
  sales: '259.90',
  refunds: '-20.00',
  discount: '0.00',
  shipping: '0.00',
  tax: '0.00',
  commission: '-25.99',
  labelCosts: '0.00',
  payouts: '-100.00',
  adjustments: '0.00',
  grossSales: '259.90',
  net: '213.91',
  balance: '113.91',
};

const figure = (name: string) => within(screen.getByText(name).closest('div')!).getByRole('definition').textContent;

describe('the finance totals', () => {
  it("show the marketplace what it earned and paid, not the vendor's deductions", () => {
    render(<TotalsCards aggs={[agg] as never} reader="marketplace" />);
    expect(figure('Commission earned')).toBe('$25.99');
    expect(figure('Paid to vendors')).toBe('$100.00');
    expect(figure('Refunded')).toBe('$20.00');
    expect(figure("Vendors' earnings")).toBe('$213.91');
    expect(figure('Owed to vendors now')).toBe('$113.91');
  });

  it('show a vendor what it was paid and charged, in its own words', () => {
    render(<TotalsCards aggs={[agg] as never} reader="vendor" />);
    expect(figure('Paid to you')).toBe('$100.00');
    expect(figure('Marketplace commission')).toBe('$25.99');
    expect(figure('Your earnings')).toBe('$213.91');
    expect(figure('Owed to you now')).toBe('$113.91');
    expect(screen.queryByText(/-\$/)).toBeNull();
  });
});
