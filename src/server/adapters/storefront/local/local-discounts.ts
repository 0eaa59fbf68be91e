import type { StorefrontDiscounts } from '../types.ts';

/** The built-in checkout applies our own discounts table (modules/discounts): nothing to copy. */
export function createLocalDiscounts(): StorefrontDiscounts {
  return {
    kind: 'local',
    async publishDiscountCode() {
      return null;
    },
    async publishAutomaticDiscount() {
      return null;
    },
    async removeDiscount() {},
  };
}
