import { describe, expect, it } from 'vitest';
import type { StorefrontProduct, StorefrontVariant } from '../types.ts';
import { toPlatformMetafield, toProductSetInput } from './product-set-input.ts';

const IMG = 'https://mp.example/api/cdn/files/demo/product-images/0b8f7c9e-1111-4a4a-8b8b-000000000001.jpg';
const RED_IMG = 'https://mp.example/api/cdn/files/demo/product-images/0b8f7c9e-1111-4a4a-8b8b-000000000002.jpg';

const variant = (over: Partial<StorefrontVariant>): StorefrontVariant => ({
  id: 'v',
  sku: '',
  barcode: '',
  price: 1999,
  compareAt: null,
  options: [],
  taxable: true,
  trackStock: false,
  stock: 0,
  requiresShipping: true,
  weight: 0.2,
  weightUnit: 'KILOGRAMS',
  media: [],
  metafields: [],
  ...over,
});

/** A T-shirt in two sizes and two colours: 2 options, 4 variants. */
const shirt: StorefrontProduct = {
  id: 'p-1',
  storeId: 'demo',
  handle: 'organic-t-shirt',
  title: 'Organic T-shirt',
  bodyHtml: '<p>Soft cotton.</p>',
  vendor: 'Vendor One',
  seo: { title: 'Organic T-shirt | Vendor One', description: 'Soft cotton T-shirt' },
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Color', values: ['Red', 'Blue'] },
  ],
  media: [{ src: IMG, alt: 'Front', contentType: 'IMAGE' }],
  metafields: [
    { namespace: 'custom', key: 'material', type: 'input', value: 'Cotton' },
    { namespace: 'custom', key: 'care', type: 'checkbox', value: ['Wash cold', 'No dryer'] },
    { namespace: 'custom', key: 'empty', type: 'input', value: '' },
  ],
  variants: [
    variant({
      id: 'v-s-red',
      sku: 'TS-S-RED',
      options: ['S', 'Red'],
      compareAt: 2499,
      barcode: '4006381333931',
      trackStock: true,
      stock: 7,
      media: [{ src: RED_IMG, alt: 'Red', contentType: 'IMAGE' }],
    }),
    variant({ id: 'v-s-blue', sku: 'TS-S-BLUE', options: ['S', 'Blue'], trackStock: true, stock: 0 }),
    variant({ id: 'v-m-red', sku: 'TS-M-RED', options: ['M', 'Red'], price: 2100, taxable: false, weight: 250, weightUnit: 'GRAMS' }),
    variant({
      id: 'v-m-blue',
      sku: 'TS-M-BLUE',
      options: ['M', 'Blue'],
      price: 2100,
      requiresShipping: false,
      metafields: [{ namespace: 'custom', key: 'fit', type: 'select', value: 'Slim' }],
    }),
  ],
  currency: 'EUR',
  currencyDecimals: 2,
  templateSuffix: null,
};

const LOCATION = 'gid://shopify/Location/7';
const weight = (unit: string, value: number) => ({ weight: { unit, value } });

describe('toProductSetInput', () => {
  it('maps a product with 2 options and 4 variants to the exact productSet input', () => {
    expect(toProductSetInput(shirt, { locationId: LOCATION })).toEqual({
      title: 'Organic T-shirt',
      descriptionHtml: '<p>Soft cotton.</p>',
      handle: 'organic-t-shirt',
      vendor: 'Vendor One',
      status: 'ACTIVE',
      templateSuffix: null,
      seo: { title: 'Organic T-shirt | Vendor One', description: 'Soft cotton T-shirt' },
      productOptions: [
        { name: 'Size', position: 1, values: [{ name: 'S' }, { name: 'M' }] },
        { name: 'Color', position: 2, values: [{ name: 'Red' }, { name: 'Blue' }] },
      ],
      files: [
        { originalSource: IMG, contentType: 'IMAGE', alt: 'Front' },
        { originalSource: RED_IMG, contentType: 'IMAGE', alt: 'Red' },
      ],
      metafields: [
        { namespace: 'custom', key: 'material', type: 'single_line_text_field', value: 'Cotton' },
        { namespace: 'custom', key: 'care', type: 'list.single_line_text_field', value: '["Wash cold","No dryer"]' },
      ],
      variants: [
        {
          optionValues: [
            { optionName: 'Size', name: 'S' },
            { optionName: 'Color', name: 'Red' },
          ],
          position: 1,
          sku: 'TS-S-RED',
          price: '19.99',
          compareAtPrice: '24.99',
          barcode: '4006381333931',
          taxable: true,
          inventoryItem: { tracked: true, requiresShipping: true, measurement: weight('KILOGRAMS', 0.2) },
          inventoryQuantities: [{ locationId: LOCATION, name: 'available', quantity: 7 }],
          file: { originalSource: RED_IMG, contentType: 'IMAGE', alt: 'Red' },
          metafields: [],
        },
        {
          optionValues: [
            { optionName: 'Size', name: 'S' },
            { optionName: 'Color', name: 'Blue' },
          ],
          position: 2,
          sku: 'TS-S-BLUE',
          price: '19.99',
          compareAtPrice: null,
          barcode: null,
          taxable: true,
          inventoryItem: { tracked: true, requiresShipping: true, measurement: weight('KILOGRAMS', 0.2) },
          inventoryQuantities: [{ locationId: LOCATION, name: 'available', quantity: 0 }],
          metafields: [],
        },
        {
          optionValues: [
            { optionName: 'Size', name: 'M' },
            { optionName: 'Color', name: 'Red' },
          ],
          position: 3,
          sku: 'TS-M-RED',
          price: '21.00',
          compareAtPrice: null,
          barcode: null,
          taxable: false,
          inventoryItem: { tracked: false, requiresShipping: true, measurement: weight('GRAMS', 250) },
          metafields: [],
        },
        {
          optionValues: [
            { optionName: 'Size', name: 'M' },
            { optionName: 'Color', name: 'Blue' },
          ],
          position: 4,
          sku: 'TS-M-BLUE',
          price: '21.00',
          compareAtPrice: null,
          barcode: null,
          taxable: true,
          inventoryItem: { tracked: false, requiresShipping: false, measurement: weight('KILOGRAMS', 0.2) },
          metafields: [{ namespace: 'custom', key: 'fit', type: 'single_line_text_field', value: 'Slim' }],
        },
      ],
    });
  });

  it('updates by the platform ids it already has, and sends no quantities without a location', () => {
    const input = toProductSetInput(shirt, {
      productId: 'gid://shopify/Product/1',
      variantIds: new Map([['v-m-blue', 'gid://shopify/ProductVariant/44']]),
      locationId: null,
    });
    expect(input.id).toBe('gid://shopify/Product/1');
    expect(input.variants.map((v) => v.id)).toEqual([undefined, undefined, undefined, 'gid://shopify/ProductVariant/44']);
    expect(input.variants.every((v) => v.inventoryQuantities === undefined)).toBe(true);
  });

  it("gives a product without options the platform's Title / Default Title option", () => {
    const single = { ...shirt, options: [], variants: [variant({ id: 'only', sku: 'MUG', price: 500 })] };
    const input = toProductSetInput(single, {});
    expect(input.productOptions).toEqual([{ name: 'Title', position: 1, values: [{ name: 'Default Title' }] }]);
    expect(input.variants[0].optionValues).toEqual([{ optionName: 'Title', name: 'Default Title' }]);
    expect(input.variants[0].price).toBe('5.00');
    expect(toProductSetInput({ ...single, currency: 'JPY', currencyDecimals: 0 }).variants[0].price).toBe('500');
  });
});

describe('toPlatformMetafield', () => {
  it('types values the way the platform wants them and drops what it would refuse', () => {
    const m = (type: string, value: unknown, key = 'k1') => toPlatformMetafield({ namespace: 'custom', key, type, value });
    expect(m('textarea', 'a\nb')).toMatchObject({ type: 'multi_line_text_field', value: 'a\nb' });
    expect(m('url', 'https://x.example/a')).toMatchObject({ type: 'url' });
    expect(m('list_media', ['https://x.example/a.jpg'])).toMatchObject({ type: 'list.url', value: '["https://x.example/a.jpg"]' });
    expect(m('date', '2025-01-31')).toMatchObject({ type: 'date', value: '2025-01-31' });
    expect(m('input', 3)).toMatchObject({ type: 'number_integer', value: '3' });
    expect(m('input', 2.5)).toMatchObject({ type: 'number_decimal', value: '2.5' });
    expect(m('terms', true)).toMatchObject({ type: 'boolean', value: 'true' });
    expect(m('single_line_text_field', 'kept')).toMatchObject({ type: 'single_line_text_field' });
    expect(m('input', null)).toBeNull();
    expect(m('input', 'x', 'a key with spaces')).toBeNull();
  });
});
