import { describe, expect, it } from 'vitest';
import { ADDON_PRICES, PLANS, addonsOf, isAtLimit, monthlyPrice } from './plans.ts';

describe('the plan catalogue', () => {
  it('grows with each plan, and the largest has no limits', () => {
    expect(PLANS.starter.limits.products!).toBeLessThan(PLANS.growth.limits.products!);
    expect(PLANS.scale.limits).toEqual({ vendors: null, products: null, ordersPerMonth: null });
  });

  it('prices the bought add-ons, never the included ones', () => {
    expect(monthlyPrice('starter', [])).toBe(0);
    expect(monthlyPrice('growth', ['labels'])).toBe(PLANS.growth.price + ADDON_PRICES.labels);
    expect(monthlyPrice('scale', ['labels', 'conversations'])).toBe(PLANS.scale.price);
    expect(addonsOf('growth', ['labels'])).toEqual(['labels']);
    expect(addonsOf('scale', [])).toEqual(['conversations', 'labels']);
  });

  it('is at a limit when one more would pass it; no limit is never reached', () => {
    expect(isAtLimit(5, 4)).toBe(false);
    expect(isAtLimit(5, 5)).toBe(true);
    expect(isAtLimit(null, 1_000_000)).toBe(false);
  });
});
