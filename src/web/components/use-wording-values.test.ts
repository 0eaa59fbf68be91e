import { describe, expect, it } from 'vitest';
import { WordingsSchema } from '#shared/schemas/registration';
import { wordingValues } from './use-wording-values.ts';

describe('wordingValues', () => {
  it('gives each store word as written and capitalised', () => {
    const values = wordingValues(WordingsSchema.parse({ vendor: 'seller', vendors: 'sellers' }));
    expect(values).toMatchObject({
      vendor: 'seller',
      Vendor: 'Seller',
      vendors: 'sellers',
      Vendors: 'Sellers',
      product: 'product',
      Product: 'Product',
    });
  });
});
