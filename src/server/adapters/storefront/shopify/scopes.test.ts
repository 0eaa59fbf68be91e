import { describe, expect, it } from 'vitest';
import { missingScopes } from './scopes.ts';

describe('missingScopes', () => {
  it('lists the wanted scopes a grant lacks; a granted write covers its read', () => {
    expect(missingScopes('write_products,read_orders', 'read_products,write_products,read_orders,write_orders')).toEqual(['write_orders']);
    expect(missingScopes('write_products, write_orders', 'read_products,write_products,read_orders,write_orders')).toEqual([]);
    expect(missingScopes('', 'read_products')).toEqual(['read_products']);
    expect(missingScopes('read_products', 'write_products')).toEqual(['write_products']);
  });
});
