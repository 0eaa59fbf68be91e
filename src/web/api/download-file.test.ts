import { describe, expect, it } from 'vitest';
import { apiPathOf } from './download-file.ts';

describe('apiPathOf', () => {
  const origin = 'https://shop.example';

  it('turns our URLs, relative or absolute, into API client paths', () => {
    expect(apiPathOf('/api/orders/exports/e1/download', origin)).toBe('orders/exports/e1/download');
    expect(apiPathOf('https://shop.example/api/product-csv/upload/u1?sig=x', origin)).toBe('product-csv/upload/u1?sig=x');
  });

  it('leaves other origins and non-API paths alone', () => {
    expect(apiPathOf('https://bucket.example/api/x', origin)).toBeNull();
    expect(apiPathOf('/app/products', origin)).toBeNull();
  });
});
