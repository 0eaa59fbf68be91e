import { describe, expect, it } from 'vitest';
import { formatDescription } from '../metafield-properties.ts';
import { InputLimitSchema } from './settings.ts';
import { buildProductSchema, ProductInputSchema, ProductListQuerySchema, slugify, type ProductRulesContext } from './products.ts';

/** The issues of a parse as "path: message". */
function problems(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error!.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
}

const variant = (over: Record<string, unknown> = {}) => ({ price: '19.99', stock: 5, ...over });
const product = (over: Record<string, unknown> = {}) => ({ title: 'Blue mug', variants: [variant()], ...over });

describe('ProductInputSchema: product rules', () => {
  it('accepts a minimal product and fills the spec defaults', () => {
    const parsed = ProductInputSchema.parse(product());
    expect(parsed).toMatchObject({
      title: 'Blue mug',
      bodyHtml: '',
      options: [],
      media: [],
      metafields: [],
      seo: { title: '', description: '' },
    });
    expect(parsed.variants[0]).toMatchObject({
      price: '19.99',
      compareAt: null,
      stock: 5,
      taxable: true,
      trackStock: false,
      requiresShipping: true,
      weight: 0,
      dimensions: null,
      sku: '',
    });
    // Left out, local pickup takes the vendor's ship-from default when the product is saved.
    expect(parsed.variants[0].localPickup).toBeUndefined();
  });

  it('title needs at least 3 characters: "Required"', () => {
    expect(problems(ProductInputSchema, product({ title: '  ab ' }))).toEqual(['title: Required']);
    expect(problems(ProductInputSchema, product({ title: undefined }))).toEqual(['title: Required']);
  });

  it('variant price and stock are required; a variant with neither is dropped', () => {
    expect(problems(ProductInputSchema, product({ variants: [variant({ price: '' })] }))).toEqual(['variants.0.price: Required']);
    expect(problems(ProductInputSchema, product({ variants: [variant({ stock: null })] }))).toEqual(['variants.0.stock: Required']);
    // The empty first row is dropped and does not shift the path of the second one's problem.
    expect(problems(ProductInputSchema, product({ variants: [{ price: '', stock: '' }, variant({ stock: undefined })] }))).toEqual([
      'variants.1.stock: Required',
    ]);
    const parsed = ProductInputSchema.parse(product({ variants: [{ price: '', stock: '' }, variant({ sku: 'A-1' })] }));
    expect(parsed.variants).toHaveLength(1);
    expect(parsed.variants[0].sku).toBe('A-1');
    expect(problems(ProductInputSchema, product({ variants: [{ sku: 'nothing' }] }))).toEqual([
      'variants: Add at least one variant with a price and a stock',
    ]);
  });

  it('reads prices as decimals without floating point, and refuses bad ones', () => {
    const parsed = ProductInputSchema.parse(
      product({
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [variant({ price: 19.9, compareAt: '25,50', options: ['S'] }), variant({ price: '0.10', options: ['M'] })],
      }),
    );
    expect(parsed.variants.map((v) => [v.price, v.compareAt])).toEqual([
      ['19.9', '25.5'],
      ['0.1', null],
    ]);
    expect(problems(ProductInputSchema, product({ variants: [variant({ price: 'abc' })] }))).toEqual([
      'variants.0.price: Must be a price like 19.99',
    ]);
    expect(problems(ProductInputSchema, product({ variants: [variant({ price: '-1' })] }))).toEqual([
      'variants.0.price: Must be 0 or more',
    ]);
    expect(problems(ProductInputSchema, product({ variants: [variant({ stock: 1.5 })] }))).toEqual([
      'variants.0.stock: Must be a whole number',
    ]);
    expect(problems(ProductInputSchema, product({ variants: [variant({ stock: -2 })] }))).toEqual(['variants.0.stock: Must be 0 or more']);
  });

  it('keeps dimensions only when width, height and length are all given', () => {
    const out = ProductInputSchema.parse(
      product({
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          variant({ options: ['S'], dimensions: { width: 10, height: '5', length: 2.5, dimUnit: 'cm' } }),
          variant({ options: ['M'], dimensions: { width: 10, height: '', length: 2 } }),
        ],
      }),
    );
    expect(out.variants[0].dimensions).toEqual({ width: 10, height: 5, length: 2.5, dimUnit: 'cm' });
    expect(out.variants[1].dimensions).toBeNull();
  });

  it('drops metafields with empty values', () => {
    const parsed = ProductInputSchema.parse(
      product({
        metafields: [
          { key: 'color', value: 'red' },
          { key: 'size', value: '  ' },
          { key: 'tags', value: [] },
          { key: 'none', value: null },
        ],
      }),
    );
    expect(parsed.metafields).toEqual([{ key: 'color', namespace: 'custom', value: 'red', type: '' }]);
  });

  it('options: at most 3, named, with values; variant values must be the options', () => {
    const four = [1, 2, 3, 4].map((n) => ({ name: `O${n}`, values: ['a'] }));
    expect(problems(ProductInputSchema, product({ options: four, variants: [variant({ options: ['a', 'a', 'a'] })] }))).toEqual([
      'options: A product has at most 3 options',
    ]);
    expect(problems(ProductInputSchema, product({ options: [{ name: '', values: [] }], variants: [variant({ options: ['x'] })] }))).toEqual(
      [
        'options.0.name: Required',
        'options.0.values: Add at least one value',
        'variants.0.options.0: Must be one of the values of the option',
      ],
    );
    expect(
      problems(
        ProductInputSchema,
        product({
          options: [
            { name: 'Size', values: ['S', 'M', 'S'] },
            { name: 'size', values: ['x'] },
          ],
          variants: [variant({ options: ['S', 'x'] }), variant({ options: ['S', 'x'] }), variant({ options: ['L'] })],
        }),
      ),
    ).toEqual([
      'options.0.values.2: Each value of an option must be different',
      'options.1.name: Each option needs a different name',
      'variants.1.options: Each variant needs a different combination of option values',
      'variants.2.options.0: Must be one of the values of the option',
      'variants.2.options.1: Required',
    ]);
    // Without options, two variants cannot be told apart.
    expect(problems(ProductInputSchema, product({ variants: [variant(), variant()] }))).toEqual([
      'variants.1.options: Each variant needs a different combination of option values',
    ]);
  });

  it('media need a usable source; contentType defaults to IMAGE', () => {
    expect(problems(ProductInputSchema, product({ media: [{ src: 'javascript:alert(1)' }] }))).toEqual([
      'media.0.src: Must be a valid URL',
    ]);
    const parsed = ProductInputSchema.parse(
      product({ media: [{ src: 'https://cdn.test/a.png' }, { src: '/api/cdn/files/demo/x.png', alt: 'x' }] }),
    );
    expect(parsed.media).toEqual([
      { src: 'https://cdn.test/a.png', alt: '', contentType: 'IMAGE' },
      { src: '/api/cdn/files/demo/x.png', alt: 'x', contentType: 'IMAGE' },
    ]);
  });

  it('is idempotent: a parsed product parses to itself (the server validates what the editor validated)', () => {
    const once = ProductInputSchema.parse(
      product({
        options: [{ name: 'Size', values: ['S'] }],
        variants: [variant({ options: ['S'], compareAt: '30', dimensions: { width: 1, height: 2, length: 3 } })],
        metafields: [{ key: 'a', value: 'b' }],
      }),
    );
    expect(ProductInputSchema.parse(once)).toEqual(once);
  });
});

describe('buildProductSchema: the store rules', () => {
  const inputLimit = InputLimitSchema.parse({ title: { min: 5, max: 20 }, description: { min: 10, max: 30 }, images: { min: 1, max: 2 } });
  const context: ProductRulesContext = { inputLimit, currency: 'EUR', definitions: [] };

  it('applies the input limits with clear messages', () => {
    const schema = buildProductSchema(context);
    expect(problems(schema, product({ title: 'Mug', bodyHtml: '<p>short</p>' }))).toEqual([
      'title: Title must be at least 5 characters',
      'bodyHtml: Description must be at least 10 characters',
      'media: Add at least 1 image',
    ]);
    const img = { src: 'https://cdn.test/a.png' };
    expect(
      problems(schema, product({ title: 'A very long product title', bodyHtml: `<p>${'x'.repeat(31)}</p>`, media: [img, img, img] })),
    ).toEqual([
      'title: Title must be at most 20 characters',
      'bodyHtml: Description must be at most 30 characters',
      'media: Add at most 2 images',
    ]);
    // The limits count the visible text, not the markup.
    expect(problems(schema, product({ title: 'Green mug', bodyHtml: '<p><strong>0123456789</strong></p>', media: [img] }))).toEqual([]);
  });

  it('refuses more decimals than the currency has', () => {
    expect(problems(buildProductSchema({ currency: 'EUR' }), product({ variants: [variant({ price: '1.999' })] }))).toEqual([
      'variants.0.price: Must have at most 2 decimals',
    ]);
    expect(problems(buildProductSchema({ currency: 'JPY' }), product({ variants: [variant({ price: '100.5' })] }))).toEqual([
      'variants.0.price: Must be a whole amount',
    ]);
  });

  it('required metafields: the first missing one gets "Required" and the form "Some metafields are required"', () => {
    const schema = buildProductSchema({
      definitions: [
        { key: 'material', required: true },
        { key: 'care', description: formatDescription('How to wash', { required: true }) },
      ],
    });
    expect(problems(schema, product())).toEqual(['metafields: Some metafields are required', 'metafields.material: Required']);
    expect(problems(schema, product({ metafields: [{ key: 'material', value: 'clay' }] }))).toEqual([
      'metafields: Some metafields are required',
      'metafields.care: Required',
    ]);
    expect(
      problems(
        schema,
        product({
          metafields: [
            { key: 'material', value: 'clay' },
            { key: 'care', value: 'by hand' },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('a hidden field is not required (show/showWhen)', () => {
    const schema = buildProductSchema({
      definitions: [
        { key: 'kind', description: '' },
        { key: 'voltage', description: formatDescription('', { show: 'kind', showWhen: 'electric', required: true }) },
        { key: 'secret', required: true, description: formatDescription('', { show: '__never' }) },
      ],
    });
    expect(problems(schema, product({ metafields: [{ key: 'kind', value: 'manual' }] }))).toEqual([]);
    expect(problems(schema, product({ metafields: [{ key: 'kind', value: 'electric' }] }))).toEqual([
      'metafields: Some metafields are required',
      'metafields.voltage: Required',
    ]);
  });
});

describe('slugify', () => {
  it('makes URL handles from titles', () => {
    expect(slugify('Blue Mug!')).toBe('blue-mug');
    expect(slugify('  Crème brûlée  set ')).toBe('creme-brulee-set');
    expect(slugify('###')).toBe('product');
  });
});

describe('ProductListQuerySchema', () => {
  it('has the spec defaults: UPDATED_AT, DRAFT, any stock, 25 a page, any approval', () => {
    expect(ProductListQuerySchema.parse({})).toEqual({ sort: 'UPDATED_AT', status: 'DRAFT', stock: 'any', first: 25, approval: 'any' });
    expect(ProductListQuerySchema.parse({ reverse: 'true', first: '100' })).toMatchObject({ reverse: true, first: 100 });
    expect(problems(ProductListQuerySchema, { after: 'a', before: 'b' })).toEqual(['before: Use either after or before']);
    expect(problems(ProductListQuerySchema, { first: '101' }).length).toBe(1);
  });
});
