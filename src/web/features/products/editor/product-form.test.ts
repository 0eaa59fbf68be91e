import { describe, expect, it } from 'vitest';
import { ProductInputSchema, PutProductBodySchema, type ProductDetail } from '#shared/schemas/products';
import {
  emptyProductForm,
  metafieldValuesByKey,
  toMetafieldFormValue,
  toProductForm,
  toProductInput,
  type EditorDefinition,
  type ProductFormValues,
} from './product-form.ts';

const defaults = { weightUnit: 'GRAMS', lengthUnit: 'in', localPickup: false } as const;
const definitions: EditorDefinition[] = [
  { key: 'material', name: 'Material', type: 'select', options: ['Cotton', 'Wool'] },
  { key: 'care', name: 'Care', type: 'checkbox', options: ['Wash', 'Iron'] },
  { key: 'terms', name: 'I agree', type: 'terms', link: 'https://example.com' },
  { key: 'gallery', name: 'Gallery', type: 'media' },
];

const detail: ProductDetail = {
  id: 'p1',
  handle: 'tee',
  title: 'Tee',
  bodyHtml: '<p>Soft</p>',
  status: 'ACTIVE',
  vendor: 'Vendor One',
  vendorId: 'v',
  approved: true,
  approvedAt: null,
  approvalNote: null,
  seo: { title: 'Tee SEO', description: 'Desc' },
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Color', values: ['Red'] },
  ],
  media: [{ id: 'm1', src: 'https://cdn.test/a.png', alt: 'Front', contentType: 'IMAGE' }],
  metafields: [
    { key: 'material', namespace: 'custom', value: 'Wool', type: 'select' },
    { key: 'care', namespace: 'custom', value: ['Wash'], type: 'checkbox' },
    { key: 'legacy', namespace: 'other-app', value: 'kept', type: 'input' },
  ],
  variants: [
    {
      id: 'var1',
      price: '10.00',
      compareAt: '12.50',
      options: ['S', 'Red'],
      sku: 'TEE-S',
      barcode: '123',
      taxable: false,
      trackStock: true,
      stock: 3,
      requiresShipping: true,
      weight: 0.2,
      weightUnit: 'KILOGRAMS',
      dimensions: { width: 10, height: 2, length: 30, dimUnit: 'cm' },
      localPickup: { enabled: true },
      media: [],
      metafields: [],
      position: 0,
    },
    {
      id: 'var2',
      price: '11.00',
      compareAt: null,
      options: ['M', 'Red'],
      sku: '',
      barcode: '',
      taxable: true,
      trackStock: false,
      stock: 0,
      requiresShipping: false,
      weight: 0,
      weightUnit: 'GRAMS',
      dimensions: null,
      localPickup: { enabled: false },
      media: [],
      metafields: [],
      position: 1,
    },
  ],
  currency: 'USD',
  totalStock: 3,
  inStock: true,
  translations: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('GET products-v2/{id} → the editor', () => {
  const form = toProductForm(detail, definitions, defaults);

  it('reads the product fields, the options with their own uids and every variant', () => {
    expect(form).toMatchObject({
      id: 'p1',
      title: 'Tee',
      bodyHtml: '<p>Soft</p>',
      status: 'ACTIVE',
      vendor: 'Vendor One',
      seo: { title: 'Tee SEO', description: 'Desc' },
    });
    expect(form.options.map((o) => [o.name, o.values])).toEqual([
      ['Size', ['S', 'M']],
      ['Color', ['Red']],
    ]);
    expect(new Set(form.options.map((o) => o.uid)).size).toBe(2);
    expect(form.variants[0]).toMatchObject({
      id: 'var1',
      options: ['S', 'Red'],
      price: '10.00',
      compareAt: '12.50',
      sku: 'TEE-S',
      taxable: false,
      trackStock: true,
      stock: '3',
      weight: '0.2',
      weightUnit: 'KILOGRAMS',
      dimensions: { width: '10', height: '2', length: '30', dimUnit: 'cm' },
      localPickup: true,
    });
    // empty values read as empty fields, units fall back to the store's
    expect(form.variants[1]).toMatchObject({
      compareAt: '',
      stock: '0',
      weight: '',
      weightUnit: 'GRAMS',
      dimensions: { width: '', height: '', length: '', dimUnit: 'in' },
    });
  });

  it('reads the metafields by definition, in the definitions order, and keeps the others aside', () => {
    expect(form.metafields).toEqual(['Wool', ['Wash'], false, []]);
    expect(form.extraMetafields).toEqual([{ key: 'legacy', namespace: 'other-app', value: 'kept', type: 'input' }]);
    expect(metafieldValuesByKey(definitions, form.metafields)).toEqual({ material: 'Wool', care: ['Wash'], terms: false, gallery: [] });
  });

  it('keeps the media with their ids and alt texts', () => {
    expect(form.media).toMatchObject([{ id: 'm1', src: 'https://cdn.test/a.png', alt: 'Front', contentType: 'IMAGE' }]);
  });
});

describe('the editor → PUT products-v2', () => {
  it('sends back what it read, which the shared schema accepts unchanged', () => {
    const input = toProductInput(toProductForm(detail, definitions, defaults), definitions, { withVendor: false });
    expect(input).toMatchObject({
      id: 'p1',
      title: 'Tee',
      status: 'ACTIVE',
      seo: { title: 'Tee SEO', description: 'Desc' },
      options: [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Color', values: ['Red'] },
      ],
      media: [{ id: 'm1', src: 'https://cdn.test/a.png', alt: 'Front', contentType: 'IMAGE' }],
    });
    expect(input).not.toHaveProperty('vendor');
    expect(input.variants?.[0]).toEqual({
      id: 'var1',
      price: '10.00',
      compareAt: '12.50',
      options: ['S', 'Red'],
      sku: 'TEE-S',
      barcode: '123',
      taxable: false,
      trackStock: true,
      stock: '3',
      requiresShipping: true,
      weight: '0.2',
      weightUnit: 'KILOGRAMS',
      dimensions: { width: '10', height: '2', length: '30', dimUnit: 'cm' },
      localPickup: { enabled: true },
      media: [],
      metafields: [],
    });
    expect(input.variants?.[1]).toMatchObject({ dimensions: null, compareAt: null, weight: '' });
    // definitions first (by position), an unticked terms box is no answer, the others after
    expect(input.metafields).toEqual([
      { key: 'material', namespace: 'custom', type: 'select', value: 'Wool' },
      { key: 'care', namespace: 'custom', type: 'checkbox', value: ['Wash'] },
      { key: 'terms', namespace: 'custom', type: 'terms', value: null },
      { key: 'gallery', namespace: 'custom', type: 'media', value: [] },
      { key: 'legacy', namespace: 'other-app', value: 'kept', type: 'input' },
    ]);
    const parsed = ProductInputSchema.parse(input);
    expect(parsed.variants.map((v) => [v.price, v.compareAt, v.stock, v.weight, v.dimensions])).toEqual([
      ['10', '12.5', 3, 0.2, { width: 10, height: 2, length: 30, dimUnit: 'cm' }],
      ['11', null, 0, 0, null],
    ]);
    expect(parsed.metafields.map((m) => m.key)).toEqual(['material', 'care', 'legacy']);
    // The PUT needs the whole product: the editor sends every key.
    expect(PutProductBodySchema.safeParse({ product: input }).error).toBeUndefined();
  });

  it('sends every row, even an empty one, so the schema drops it without shifting the others', () => {
    const values: ProductFormValues = emptyProductForm(definitions, defaults);
    values.title = 'New tee';
    values.variants = [
      { ...values.variants[0], options: [], price: '', stock: '' },
      { ...values.variants[0], options: [], price: '5', stock: '1', dimensions: { width: '1', height: '', length: '', dimUnit: 'cm' } },
    ];
    const input = toProductInput(values, definitions, { withVendor: true });
    expect(input.variants).toHaveLength(2);
    expect(input).not.toHaveProperty('id');
    // no vendor typed: none sent (the server then says which is missing)
    expect(input).not.toHaveProperty('vendor');
    expect(toProductInput({ ...values, vendor: ' Vendor Two ' }, definitions, { withVendor: true }).vendor).toBe('Vendor Two');
    expect(PutProductBodySchema.safeParse({ product: input }).error).toBeUndefined();
    const parsed = ProductInputSchema.parse(input);
    expect(parsed.variants).toHaveLength(1);
    // a partial set of dimensions is not kept
    expect(parsed.variants[0].dimensions).toBeNull();
  });

  it('starts a new product as a draft with one row in the store units and taxable, shipped, stock-tracked defaults', () => {
    const values = emptyProductForm(definitions, defaults);
    expect(values.status).toBe('DRAFT');
    expect(values.variants).toHaveLength(1);
    expect(values.variants[0]).toMatchObject({
      taxable: true,
      requiresShipping: true,
      trackStock: true,
      weightUnit: 'GRAMS',
      dimensions: { dimUnit: 'in' },
    });
    expect(values.metafields).toEqual(['', [], false, []]);
  });
});

describe('toMetafieldFormValue', () => {
  it('turns stored values into what the field of the type holds', () => {
    expect(toMetafieldFormValue('true', 'terms')).toBe(true);
    expect(toMetafieldFormValue('UPLOAD_ME#IMAGE#https://x.test/a.png', 'media')).toEqual(['UPLOAD_ME#IMAGE#https://x.test/a.png']);
    expect(toMetafieldFormValue(12, 'input')).toBe('12');
    expect(toMetafieldFormValue(null, 'checkbox')).toEqual([]);
  });
});
