import { describe, expect, it } from 'vitest';
import { get } from 'react-hook-form';
import { PRODUCT_MESSAGES } from '#shared/schemas/products';
import { flattenFieldErrors, LIST_MESSAGES, toFieldErrors, toFormMessages, toFormPath } from './form-errors.ts';
import { emptyProductForm, type EditorDefinition } from './product-form.ts';
import { productResolver } from './product-resolver.ts';

const keys = ['material', 'care', '10'];

describe('toFormPath: server and schema paths onto the editor', () => {
  it.each([
    ['product.title', 'title'],
    ['title', 'title'],
    ['product.bodyHtml', 'bodyHtml'],
    ['product.vendor', 'vendor'],
    ['product.seo.title', 'seo.title'],
    ['product.variants.1.price', 'variants.1.price'],
    ['variants.3.stock', 'variants.3.stock'],
    ['product.variants.0.compareAt', 'variants.0.compareAt'],
    ['product.variants.2.dimensions.width', 'variants.2.dimensions.width'],
    ['product.variants.2.options.1', 'variants.2.options'],
    ['product.variants.2.options', 'variants.2.options'],
    ['product.variants', LIST_MESSAGES.variants],
    ['product.metafields.0.value', 'metafields.0'],
    ['product.metafields.1.key', 'metafields.1'],
    ['product.metafields.care', 'metafields.1'],
    // a key that looks like a position is read as a key first
    ['product.metafields.10', 'metafields.2'],
    ['product.metafields.7.value', LIST_MESSAGES.metafields],
    ['product.metafields', LIST_MESSAGES.metafields],
    ['product.media.2.src', 'media.2.src'],
    ['product.media', LIST_MESSAGES.media],
    ['product.options.0.values.1', 'options.0.values'],
    ['product.options.1.name', 'options.1.name'],
    ['product.options', LIST_MESSAGES.options],
    ['product', LIST_MESSAGES.form],
    ['product.somethingElse', LIST_MESSAGES.form],
  ])('%s → %s', (path, formPath) => {
    expect(toFormPath(path, keys)).toBe(formPath);
  });

  it('keeps the first message of each editor path', () => {
    const messages = toFormMessages(
      [
        { path: 'product.metafields', message: PRODUCT_MESSAGES.metafieldsRequired },
        { path: 'product.metafields.material', message: 'Required' },
        { path: 'product.options.0.values.0', message: 'Required' },
        { path: 'product.options.0.values.1', message: 'Each value of an option must be different' },
      ],
      keys,
    );
    expect(messages).toEqual([
      { path: LIST_MESSAGES.metafields, message: PRODUCT_MESSAGES.metafieldsRequired },
      { path: 'metafields.0', message: 'Required' },
      { path: 'options.0.values', message: 'Required' },
    ]);
  });
});

describe('nested errors', () => {
  it('round-trip between dotted paths and the nesting react-hook-form reads', () => {
    const messages = [
      { path: 'title', message: 'Required' },
      { path: 'variants.1.price', message: 'Required' },
      { path: 'metafields.0', message: 'Required' },
      { path: LIST_MESSAGES.metafields, message: PRODUCT_MESSAGES.metafieldsRequired },
    ];
    const errors = toFieldErrors(messages);
    expect(get(errors, 'variants.1.price.message')).toBe('Required');
    expect(Array.isArray(errors.variants)).toBe(true);
    expect(get(errors, 'metafields.0.message')).toBe('Required');
    expect(flattenFieldErrors(errors).sort((a, b) => a.path.localeCompare(b.path))).toEqual(
      [...messages].sort((a, b) => a.path.localeCompare(b.path)),
    );
  });
});

describe('productResolver: the shared schema on the editor', () => {
  const definitions: EditorDefinition[] = [
    { key: 'material', name: 'Material', type: 'input', required: true },
    { key: 'note', name: 'Note', type: 'input', description: 'Shown for wool {show:material|showWhen:wool|required:true}' },
  ];
  const defaults = { weightUnit: 'KILOGRAMS', lengthUnit: 'cm', localPickup: false } as const;
  const run = (values: ReturnType<typeof emptyProductForm>, requireVendor = false) =>
    productResolver({
      context: { definitions, inputLimit: { title: { min: 3, max: 20 }, description: { min: 0, max: 100 }, images: { min: 0, max: 2 } } },
      definitions,
      requireVendor,
    })(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('puts "Required" under the title, the first missing metafield and the cells of a started row', async () => {
    const values = emptyProductForm(definitions, defaults);
    values.variants = [
      { ...values.variants[0], price: '', stock: '' },
      { ...values.variants[0], price: '4' },
    ];
    const { errors } = await run(values, true);
    expect(get(errors, 'title.message')).toBe('Required');
    expect(get(errors, 'vendor.message')).toBe(PRODUCT_MESSAGES.vendorRequired);
    expect(get(errors, `${LIST_MESSAGES.metafields}.message`)).toBe(PRODUCT_MESSAGES.metafieldsRequired);
    expect(get(errors, 'metafields.0.message')).toBe('Required');
    // the empty first row is dropped, the second row keeps its index
    expect(get(errors, 'variants.0')).toBeUndefined();
    expect(get(errors, 'variants.1.stock.message')).toBe('Required');
  });

  it('honours show/showWhen: a hidden required field is not required, a shown one is', async () => {
    const values = emptyProductForm(definitions, defaults);
    values.title = 'Wool tee';
    values.variants[0] = { ...values.variants[0], price: '10', stock: '1' };
    values.metafields = ['cotton', ''];
    expect((await run(values)).errors).toEqual({});
    values.metafields = ['wool', ''];
    const { errors } = await run(values);
    expect(get(errors, 'metafields.1.message')).toBe('Required');
  });

  it('answers the payload as typed when valid, with every row', async () => {
    const values = emptyProductForm(definitions, defaults);
    values.title = 'Tee';
    values.metafields = ['cotton', ''];
    values.variants = [{ ...values.variants[0], price: '10', stock: '1' }, values.variants[0]];
    const result = await run(values);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      title: 'Tee',
      variants: [
        { price: '10', stock: '1' },
        { price: null, stock: '' },
      ],
    });
  });

  it('uses the store limits: title length and image count', async () => {
    const values = emptyProductForm(definitions, defaults);
    values.title = 'A title that is far too long';
    values.metafields = ['cotton', ''];
    values.variants[0] = { ...values.variants[0], price: '10', stock: '1' };
    values.media = ['a', 'b', 'c'].map((n) => ({ uid: n, src: `https://cdn.test/${n}.png`, alt: '', contentType: 'IMAGE' as const }));
    const { errors } = await run(values);
    expect(get(errors, 'title.message')).toBe(PRODUCT_MESSAGES.titleTooLong(20));
    expect(get(errors, `${LIST_MESSAGES.media}.message`)).toBe(PRODUCT_MESSAGES.tooManyImages(2));
  });
});
