import { describe, expect, it } from 'vitest';
import { DEFAULT_FINANCE_STATE, readFinanceState, toTransactionQuery, writeFinanceState } from './list-state.ts';

describe('finance list address', () => {
  it('round-trips the filters and leaves the defaults out', () => {
    const state = {
      ...DEFAULT_FINANCE_STATE,
      page: 3,
      period: 'month' as const,
      q: '#1001',
      payment: 'manual_payment' as const,
      payout: 'due' as const,
      vendor: 'Vendor One',
    };
    const params = writeFinanceState(state);
    expect(params.toString()).toBe('period=month&q=%231001&payment=manual_payment&payout=due&vendor=Vendor+One&page=3');
    expect(readFinanceState(params)).toEqual(state);
    expect(writeFinanceState(DEFAULT_FINANCE_STATE).toString()).toBe('');
  });

  it('reads a hand-edited value the server would refuse as the default, and sends the vendor only from the marketplace view', () => {
    const state = readFinanceState(new URLSearchParams('payment=gift&page=-2&period=decade&vendor=Vendor+Two'));
    expect(state).toEqual({ ...DEFAULT_FINANCE_STATE, vendor: 'Vendor Two' });
    expect(toTransactionQuery(state, { withVendor: false }).requestedVendor).toBeUndefined();
    expect(toTransactionQuery(state, { withVendor: true }).requestedVendor).toBe('Vendor Two');
  });
});
