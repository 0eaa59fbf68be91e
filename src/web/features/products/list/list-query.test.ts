import { describe, expect, it } from 'vitest';
import { changeFilters, DEFAULT_LIST_STATE, isFiltered, readListState, toListQuery, WAITING_VIEW, writeListState } from './list-query.ts';
import { formatPriceRange } from '#web/components/format-price-range.ts';

const read = (search: string) => readListState(new URLSearchParams(search));

describe('the list state in the address', () => {
  it('defaults to the spec’s defaults (DRAFT, any stock, UPDATED_AT) and leaves them out of the address', () => {
    expect(read('')).toEqual(DEFAULT_LIST_STATE);
    expect(writeListState(DEFAULT_LIST_STATE).toString()).toBe('');
  });

  it('reads back what it writes', () => {
    const state = {
      status: 'ALL',
      approval: 'waiting',
      stock: 'oos',
      q: 'mug',
      sort: 'TITLE',
      reversed: true,
      vendor: 'Vendor One',
      after: 'abc',
    } as const;
    expect(read(writeListState(state).toString())).toEqual(state);
  });

  it('ignores unknown values and keeps one cursor', () => {
    expect(read('status=GONE&stock=some&sort=PRICE')).toEqual(DEFAULT_LIST_STATE);
    expect(read('after=a&before=b')).toMatchObject({ after: 'a' });
    expect(read('after=a&before=b').before).toBeUndefined();
  });

  it('goes back to the first page when a filter changes', () => {
    const next = changeFilters({ ...DEFAULT_LIST_STATE, after: 'x' }, { status: 'ACTIVE' });
    expect(next).toEqual({ ...DEFAULT_LIST_STATE, status: 'ACTIVE' });
    expect(isFiltered(next)).toBe(false);
    expect(isFiltered({ ...next, q: 'a' })).toBe(true);
  });
});

describe('toListQuery', () => {
  it('sends the server’s reverse (descending) only when the order is turned round', () => {
    expect(toListQuery(DEFAULT_LIST_STATE, { withVendor: true })).toEqual({ status: 'DRAFT', stock: 'any', sort: 'UPDATED_AT' });
    // dates are newest first by nature: reversed means ascending
    expect(toListQuery({ ...DEFAULT_LIST_STATE, reversed: true }, { withVendor: true }).reverse).toBe(false);
    // titles are A to Z by nature: reversed means descending
    expect(toListQuery({ ...DEFAULT_LIST_STATE, sort: 'TITLE', reversed: true }, { withVendor: true }).reverse).toBe(true);
  });

  it('asks for the products waiting for approval in that view only (the export takes the same query)', () => {
    expect(toListQuery({ ...DEFAULT_LIST_STATE, ...WAITING_VIEW }, { withVendor: false })).toEqual({
      status: 'ALL',
      approval: 'waiting',
      stock: 'any',
      sort: 'UPDATED_AT',
    });
    expect(read('approval=waiting&status=ALL')).toMatchObject(WAITING_VIEW);
  });

  it('names the vendor only for the marketplace view, and passes the cursor and search', () => {
    const state = { ...DEFAULT_LIST_STATE, vendor: 'Vendor Two', q: 'cup', before: 'c1' };
    expect(toListQuery(state, { withVendor: false })).toEqual({
      status: 'DRAFT',
      stock: 'any',
      sort: 'UPDATED_AT',
      q: 'cup',
      before: 'c1',
    });
    expect(toListQuery(state, { withVendor: true }).vendor).toBe('Vendor Two');
  });
});

describe('formatPriceRange', () => {
  it('shows one price or a range in the currency', () => {
    expect(formatPriceRange('12.00', '12', 'EUR', 'en')).toBe('€12.00');
    expect(formatPriceRange('5', '19.99', 'USD', 'en')).toBe('$5.00 – $19.99');
    expect(formatPriceRange('5', '5', 'XX1', 'en')).toBe('5.00 XX1');
  });
});
