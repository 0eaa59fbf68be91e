import { describe, expect, it } from 'vitest';
import { statusSummary, stockSummary } from './product-summary.ts';

describe('what the product list says', () => {
  it('never calls an unapproved active product live', () => {
    expect(statusSummary({ status: 'ACTIVE', approved: true })).toEqual({ key: 'list.status.ACTIVE', badge: 'live' });
    expect(statusSummary({ status: 'ACTIVE', approved: false })).toEqual({ key: 'list.status.notLive', badge: 'waiting' });
    expect(statusSummary({ status: 'DRAFT', approved: true }).key).toBe('list.status.DRAFT');
  });

  it('says "not tracked" for stock that is in only because nobody counts it', () => {
    expect(stockSummary({ inStock: true, totalStock: 0 })).toEqual({ key: 'list.stockSummary.untracked' });
    expect(stockSummary({ inStock: true, totalStock: 4 })).toEqual({ key: 'list.stockSummary.count', count: 4 });
    expect(stockSummary({ inStock: false, totalStock: 0 })).toEqual({ key: 'list.stockSummary.out' });
  });
});
