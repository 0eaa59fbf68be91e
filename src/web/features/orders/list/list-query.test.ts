import { describe, expect, it } from 'vitest';
import { ORDER_PAGE_CAP } from '#shared/schemas/orders';
import {
  changeFilters,
  DEFAULT_ORDER_LIST_STATE,
  isFiltered,
  readOrderListState,
  toOrderListQuery,
  writeOrderListState,
} from './list-query.ts';

const read = (search: string) => readOrderListState(new URLSearchParams(search));

describe('the order list state in the address', () => {
  it('defaults to every order of all time on page 1, and leaves the defaults out of the address', () => {
    expect(read('')).toEqual(DEFAULT_ORDER_LIST_STATE);
    expect(writeOrderListState(DEFAULT_ORDER_LIST_STATE).toString()).toBe('');
  });

  it('reads back what it writes', () => {
    const state = {
      page: 3,
      q: '#1001',
      fulfillment: 'unfulfilled',
      payout: 'due',
      period: 'month',
      from: '2025-01-01',
      to: '2025-01-31',
      vendor: 'Vendor One',
    } as const;
    expect(read(writeOrderListState(state).toString())).toEqual(state);
  });

  it('ignores what the server would refuse: unknown filters, bad dates, pages out of range', () => {
    expect(read('fulfillment=lost&payout=maybe&period=decade&from=14-03-2025&to=2025-02-30x&page=0')).toEqual(DEFAULT_ORDER_LIST_STATE);
    expect(read(`page=${ORDER_PAGE_CAP + 1}`).page).toBe(1);
    expect(read('page=2.5').page).toBe(1);
    expect(read('q=%20%20mug%20').q).toBe('mug');
  });

  it('goes back to the first page when a filter changes', () => {
    const next = changeFilters({ ...DEFAULT_ORDER_LIST_STATE, page: 4 }, { payout: 'paid' });
    expect(next).toEqual({ ...DEFAULT_ORDER_LIST_STATE, payout: 'paid' });
    expect(isFiltered(next)).toBe(true);
    expect(isFiltered({ ...DEFAULT_ORDER_LIST_STATE, page: 4 })).toBe(false);
  });
});

describe('toOrderListQuery', () => {
  it('sends the filters, and the vendor only from the marketplace view', () => {
    const state = { ...DEFAULT_ORDER_LIST_STATE, q: 'alex@buyer.example', from: '2025-03-01', vendor: 'Vendor Two', page: 2 };
    expect(toOrderListQuery(state, { withVendor: false })).toEqual({
      page: 2,
      fulfillment: 'any',
      payout: 'all',
      period: 'all',
      q: 'alex@buyer.example',
      from: '2025-03-01',
    });
    expect(toOrderListQuery(state, { withVendor: true }).vendor).toBe('Vendor Two');
  });
});
