import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayoutException } from '#shared/schemas/payments';
import { i18next } from '#web/i18n/index.ts';

// The section over its calls: what the server answered is held here, as SWR would hold it.
const api = vi.hoisted(() => ({ exceptions: [] as PayoutException[], resolve: vi.fn() }));
vi.mock('./api/payout-exceptions.ts', () => ({
  usePayoutExceptions: () => ({ data: { exceptions: api.exceptions } }),
  resolvePayoutException: api.resolve,
  revalidatePayoutExceptions: vi.fn(),
}));
vi.mock('./api/transactions.ts', () => ({ revalidateTransactions: vi.fn() }));

const { PayoutExceptions } = await import('./payout-exceptions.tsx');

const exception = (over: Partial<PayoutException>): PayoutException => ({
  id: 'e1',
  kind: 'returned',
  provider: 'paypal',
  reason: 'PayPal: RETURNED Receiver is unregistered',
  vendor: 'Vendor Two',
  payoutId: 'p1',
  providerRef: 'ITEM1',
  amount: '18.00',
  currency: 'USD',
  createdAt: '2026-11-28T10:00:00.000Z',
  resolvedAt: null,
  resolution: '',
  ...over,
});

beforeAll(async () => {
  await i18next.loadNamespaces(['finance']);
});
beforeEach(() => {
  api.resolve.mockReset();
  api.resolve.mockResolvedValue({ id: 'e1' });
});

describe("the finance screen's exceptions", () => {
  it('shows nothing while no exception is open', () => {
    api.exceptions = [exception({ resolvedAt: '2026-11-28T11:00:00.000Z' })];
    const { container } = render(<PayoutExceptions />);
    expect(container).toBeEmptyDOMElement();
  });

  it("lists the open ones with the provider's reason; a payout in doubt is answered paid or not paid", async () => {
    const user = userEvent.setup();
    api.exceptions = [
      exception({}),
      exception({ id: 'e2', kind: 'in_doubt', reason: 'PayPal already has a batch for this payout: check it in PayPal', payoutId: 'p2' }),
    ];
    render(<PayoutExceptions />);
    const section = screen.getByRole('region', { name: '2 payouts need you' });
    const [returned, doubt] = within(section).getAllByRole('listitem');
    expect(returned).toHaveTextContent('Returned · PayPal · Vendor Two · $18.00');
    expect(returned).toHaveTextContent('PayPal: RETURNED Receiver is unregistered');
    await user.click(within(returned).getByRole('button', { name: 'Resolve' }));
    expect(api.resolve).toHaveBeenCalledWith({ id: 'e1', outcome: undefined, note: '' });
    expect(doubt).toHaveTextContent('Paid or not? Check with the provider');
    await user.click(within(doubt).getByRole('button', { name: 'Not paid' }));
    expect(api.resolve).toHaveBeenLastCalledWith({ id: 'e2', outcome: 'not_paid', note: '' });
  });
});
