import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatDescription } from '#shared/metafield-properties';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { metafieldDefinitions, productLogs, products, productVariants, vendors } from '#server/db/schema/index';
import { patchStoreSettings } from '../settings/store-settings.ts';
import { patchVendorSettings } from '../settings/vendor-settings.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { productInput, saveProduct } from '../../../../test/support/products.ts';
import { wholeProduct } from '../../../../test/support/whole-product.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let vendorOne: string;
let vendorTwo: string;
beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  const rows = await t.db.select().from(vendors);
  vendorOne = rows.find((v) => v.name === 'Vendor One')!.id;
  vendorTwo = rows.find((v) => v.name === 'Vendor Two')!.id;
});
afterAll(() => t.close());

const put = (session: Session, product: object) =>
  caller(t, session)('PUT', '/api/products-v2', { product: wholeProduct(product as Record<string, unknown>) });
const get = async (session: Session, id: string) => (await caller(t, session)('GET', `/api/products-v2/${id}`)).json().product;
const logsOf = (productId: string) =>
  t.db.select().from(productLogs).where(eq(productLogs.productId, productId)).orderBy(productLogs.createdAt);

describe('PUT /api/products-v2: creating', () => {
  it("a vendor's product: its own vendor, DRAFT, waiting for approval, prices in minor units, spec defaults, logged, admins mailed", async () => {
    const res = await put(s.vendor1, productInput());
    expect(res.statusCode).toBe(200);
    const { productId, handle } = res.json();
    expect(handle).toBe('blue-mug');
    const [row] = await t.db.select().from(products).where(eq(products.id, productId));
    expect(row).toMatchObject({
      vendorId: vendorOne,
      status: 'DRAFT',
      approved: false,
      priceMin: 1999,
      priceMax: 1999,
      variantsCount: 1,
      inStock: true,
      totalStock: 0,
    });
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, productId));
    expect(variant).toMatchObject({
      price: 1999,
      compareAt: null,
      sku: 'MUG-BLUE',
      taxable: true,
      trackStock: false,
      stock: 5,
      requiresShipping: true,
      weight: 0,
      weightUnit: 'KILOGRAMS',
      dimensions: null,
      localPickup: { enabled: false },
    });
    const detail = await get(s.vendor1, productId);
    expect(detail).toMatchObject({
      title: 'Blue mug',
      vendor: 'Vendor One',
      approved: false,
      currency: 'USD',
      variants: [{ price: '19.99', sku: 'MUG-BLUE' }],
    });
    const [log] = await logsOf(productId);
    expect(log).toMatchObject({ action: 'create', email: DEMO_ACCOUNTS.vendor1, vendorId: vendorOne });
    expect(log.changes.title).toEqual({ before: null, after: 'Blue mug' });
    const [mail] = await t.mailsTo(DEMO_ACCOUNTS.admin);
    expect(mail.template).toBe('marketplace-on-product-submitted');
    expect(mail.subject).toBe('Vendor One submitted Blue mug');
    expect(mail.html).toContain(`/app/products/${productId}`);
  });

  it('handles are unique per store: -2, -3...; an explicit handle is slugged', async () => {
    const second = await put(s.vendor2, productInput());
    expect(second.json().handle).toBe('blue-mug-2');
    const third = await put(s.vendor1, productInput());
    expect(third.json().handle).toBe('blue-mug-3');
    const named = await put(s.vendor1, productInput({ handle: 'My Special Mug!' }));
    expect(named.json().handle).toBe('my-special-mug');
  });

  it('answers the spec messages at the payload paths and writes nothing', async () => {
    const before = await t.db.select().from(products);
    const short = await put(s.vendor1, productInput({ title: 'ab' }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Required', errors: [{ path: 'product.title', message: 'Required' }] });
    const noPrice = await put(
      s.vendor1,
      productInput({
        variants: [
          { price: null, stock: '' },
          { price: null, stock: 3 },
        ],
      }),
    );
    expect(noPrice.json().errors).toEqual([{ path: 'product.variants.1.price', message: 'Required' }]);
    // A price is amount text: not a number, not a decimal comma.
    for (const price of [19.99, '19,99', 'cheap']) {
      const notText = await put(s.vendor1, productInput({ variants: [{ price, stock: 1 }] }));
      expect(notText.json().errors).toEqual([{ path: 'product.variants.0.price', message: 'Must be an amount like 12.50' }]);
    }
    const noStock = await put(s.vendor1, productInput({ variants: [{ price: '5' }] }));
    expect(noStock.json().errors).toEqual([{ path: 'product.variants.0.stock', message: 'Required' }]);
    const badOption = await put(
      s.vendor1,
      productInput({ options: [{ name: 'Size', values: ['S'] }], variants: [{ price: '1', stock: 1, options: ['XL'] }] }),
    );
    expect(badOption.json().errors).toEqual([{ path: 'product.variants.0.options.0', message: 'Must be one of the values of the option' }]);
    expect(await t.db.select().from(products)).toHaveLength(before.length);
  });

  it("applies the store's input limits and currency", async () => {
    await patchStoreSettings(t.db, 'demo', {
      inputLimit: { title: { min: 5, max: 30 }, description: { min: 0, max: 20 }, images: { min: 1, max: 2 } },
      currency: 'JPY',
    });
    try {
      const res = await put(
        s.vendor1,
        productInput({ title: 'Mugs', bodyHtml: '<p>This description is far too long</p>', variants: [{ price: '10.5', stock: 1 }] }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'product.title', message: 'Title must be at least 5 characters' },
        { path: 'product.bodyHtml', message: 'Description must be at most 20 characters' },
        { path: 'product.media', message: 'Add at least 1 image' },
        { path: 'product.variants.0.price', message: 'Must be a whole amount' },
      ]);
      const ok = await put(
        s.vendor1,
        productInput({
          title: 'Tea bowl',
          bodyHtml: '',
          media: [{ src: 'https://cdn.test/bowl.png' }],
          variants: [{ price: '1500', stock: 1 }],
        }),
      );
      expect(ok.statusCode).toBe(200);
      expect((await get(s.vendor1, ok.json().productId)).variants[0].price).toBe('1500');
    } finally {
      await patchStoreSettings(t.db, 'demo', {
        inputLimit: { title: { min: 3, max: 255 }, description: { min: 0, max: 100_000 }, images: { min: 0, max: 100 } },
        currency: 'USD',
      });
    }
  });

  it('required metafield definitions (flag or property block), honouring show/showWhen', async () => {
    await t.db.insert(metafieldDefinitions).values([
      {
        storeId: 'demo',
        owner: 'products',
        key: 'material',
        definition: { key: 'material', name: 'Material', type: 'input', required: true },
        position: 0,
      },
      {
        storeId: 'demo',
        owner: 'products',
        key: 'kind',
        definition: { key: 'kind', name: 'Kind', type: 'select', options: ['manual', 'electric'] },
        position: 1,
      },
      {
        storeId: 'demo',
        owner: 'products',
        key: 'voltage',
        definition: {
          key: 'voltage',
          name: 'Voltage',
          type: 'input',
          description: formatDescription('Volts', { show: 'kind', showWhen: 'electric', required: true }),
        },
        position: 2,
      },
    ]);
    try {
      const missing = await put(s.vendor1, productInput());
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        message: 'Some metafields are required',
        errors: [
          { path: 'product.metafields', message: 'Some metafields are required' },
          { path: 'product.metafields.material', message: 'Required' },
        ],
      });
      // voltage is hidden unless kind is electric, so it is not required here.
      const manual = await put(
        s.vendor1,
        productInput({
          metafields: [
            { key: 'material', value: 'clay' },
            { key: 'kind', value: 'manual' },
            { key: 'empty', value: '' },
          ],
        }),
      );
      expect(manual.statusCode).toBe(200);
      expect((await get(s.vendor1, manual.json().productId)).metafields).toEqual([
        { key: 'material', namespace: 'custom', value: 'clay', type: 'input' },
        { key: 'kind', namespace: 'custom', value: 'manual', type: 'select' },
      ]);
      const electric = await put(
        s.vendor1,
        productInput({
          metafields: [
            { key: 'material', value: 'steel' },
            { key: 'kind', value: 'electric' },
          ],
        }),
      );
      expect(electric.json().errors[1]).toEqual({ path: 'product.metafields.voltage', message: 'Required' });
    } finally {
      await t.db.delete(metafieldDefinitions).where(eq(metafieldDefinitions.storeId, 'demo'));
    }
  });

  it('keeps dimensions only when all three are given, with the default units', async () => {
    const id = await saveProduct(
      t,
      s.vendor1,
      productInput({
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { price: '1', stock: 1, options: ['S'], dimensions: { width: 10, height: 5, length: '2.5' } },
          { price: '2', stock: 0, options: ['M'], dimensions: { width: 10, height: '', length: 2 }, trackStock: true },
        ],
      }),
    );
    const detail = await get(s.vendor1, id);
    expect(detail.variants.map((v: { dimensions: unknown }) => v.dimensions)).toEqual([
      { width: 10, height: 5, length: 2.5, dimUnit: 'cm' },
      null,
    ]);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ priceMin: 100, priceMax: 200, totalStock: 0, inStock: true, variantsCount: 2 });
  });

  it('a vendor cannot choose the vendor nor approve through the body', async () => {
    const res = await put(
      s.vendor1,
      productInput({ title: 'Sneaky mug', vendor: 'Vendor Two', approved: true, approvedAt: new Date().toISOString() }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(products).where(eq(products.id, res.json().productId));
    expect(row.vendorId).toBe(vendorOne);
    expect(row.approved).toBe(false);
  });

  it('an admin in the marketplace view must name an existing vendor; its products are approved', async () => {
    const none = await put(s.admin, productInput());
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      message: 'Choose the vendor of the product',
      errors: [{ path: 'product.vendor', message: 'Choose the vendor of the product' }],
    });
    const unknown = await put(s.admin, productInput({ vendor: 'Ghost Shop' }));
    expect(unknown.json()).toEqual({ message: 'Unknown vendor', errors: [{ path: 'product.vendor', message: 'Unknown vendor' }] });
    const res = await put(s.admin, productInput({ title: 'Admin mug', vendor: 'Vendor Two' }));
    const [row] = await t.db.select().from(products).where(eq(products.id, res.json().productId));
    expect(row).toMatchObject({ vendorId: vendorTwo, approved: true });
  });

  it('with autoApprove the vendor product is approved at creation and admins are not mailed', async () => {
    await patchVendorSettings(t.db, 'demo', vendorTwo, { autoApprove: true });
    try {
      await t.mailsTo(DEMO_ACCOUNTS.admin);
      const mailsBefore = (await t.mailsTo(DEMO_ACCOUNTS.admin)).length;
      const id = await saveProduct(t, s.vendor2, productInput({ title: 'Trusted mug' }));
      const [row] = await t.db.select().from(products).where(eq(products.id, id));
      expect(row.approved).toBe(true);
      expect(row.approvedAt).not.toBeNull();
      expect((await t.mailsTo(DEMO_ACCOUNTS.admin)).length).toBe(mailsBefore);
    } finally {
      await patchVendorSettings(t.db, 'demo', vendorTwo, { autoApprove: null });
    }
  });
});

describe('PUT /api/products-v2: the whole product', () => {
  const without = (object: object, key: string) => Object.fromEntries(Object.entries(object).filter(([k]) => k !== key));

  it('a product sent without a stored part (variants, media, options, a variant key...) is refused naming it; nothing changes', async () => {
    const id = await saveProduct(
      t,
      s.vendor1,
      productInput({
        title: 'Whole mug',
        seo: { title: 'Whole', description: 'A whole mug' },
        options: [{ name: 'Size', values: ['S'] }],
        media: [{ src: 'https://cdn.test/whole.png', alt: 'Whole' }],
        metafields: [{ key: 'material', value: 'clay' }],
        variants: [
          {
            price: '9',
            compareAt: '12',
            stock: 2,
            options: ['S'],
            sku: 'WHOLE-S',
            barcode: '123',
            weight: 1,
            media: [{ src: 'https://cdn.test/w.png', alt: 'W' }],
          },
        ],
      }),
    );
    const detail = await get(s.vendor1, id);
    const raw = (product: object) => caller(t, s.vendor1)('PUT', '/api/products-v2', { product });
    const refused = async (product: object, path: string) => {
      const res = await raw(product);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors, path).toEqual([{ path, message: 'Required field' }]);
    };
    for (const key of ['bodyHtml', 'seo', 'options', 'media', 'variants', 'metafields'])
      await refused(without(detail, key), `product.${key}`);
    const variant = detail.variants[0];
    for (const key of [
      'price',
      'compareAt',
      'options',
      'sku',
      'barcode',
      'taxable',
      'trackStock',
      'stock',
      'requiresShipping',
      'weight',
      'dimensions',
      'localPickup',
      'media',
      'metafields',
    ]) {
      await refused({ ...detail, variants: [without(variant, key)] }, `product.variants.0.${key}`);
    }
    await refused({ ...detail, media: [without(detail.media[0], 'alt')] }, 'product.media.0.alt');
    await refused({ ...detail, options: [without(detail.options[0], 'values')] }, 'product.options.0.values');
    await refused({ ...detail, seo: without(detail.seo, 'description') }, 'product.seo.description');
    await refused({ ...detail, metafields: [without(detail.metafields[0], 'namespace')] }, 'product.metafields.0.namespace');
    expect(await get(s.vendor1, id)).toEqual(detail);
    // Sent back whole, as the editor does, it saves; what may be left out has its own meaning (a new id, the stored status).
    expect((await raw(without(without(detail, 'status'), 'handle'))).statusCode).toBe(200);
    expect((await raw({ ...detail, variants: [without(variant, 'id')] })).statusCode).toBe(200);
  });
});

describe('PUT /api/products-v2: updating', () => {
  it('replaces the product, keeps variant ids sent back, logs the before/after of the changed fields only', async () => {
    const id = await saveProduct(
      t,
      s.vendor1,
      productInput({
        title: 'Green mug',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { price: '10', stock: 1, options: ['S'], sku: 'G-S' },
          { price: '12', stock: 1, options: ['M'], sku: 'G-M' },
        ],
      }),
    );
    const detail = await get(s.vendor1, id);
    const [small, medium] = detail.variants;
    const res = await put(s.vendor1, {
      ...detail,
      variants: [
        { ...small, price: '11.50' },
        { price: '14', stock: 2, options: ['M'], sku: 'G-M2' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().handle).toBe(detail.handle);
    const after = await get(s.vendor1, id);
    expect(after.variants.map((v: { id: string; price: string }) => [v.id === small.id, v.price])).toEqual([
      [true, '11.50'],
      [false, '14.00'],
    ]);
    expect(await t.db.select().from(productVariants).where(eq(productVariants.id, medium.id))).toEqual([]);
    const logs = await logsOf(id);
    expect(logs.map((l) => l.action)).toEqual(['create', 'update']);
    const changes = logs[1].changes;
    expect(changes[`variants.${small.id}`]).toEqual({ before: { price: '10.00' }, after: { price: '11.50' } });
    expect(changes[`variants.${medium.id}`].after).toBeNull();
    expect(changes.title).toBeUndefined();
  });

  it('an update that changes nothing writes nothing (media, metafields and dimensions included)', async () => {
    const id = await saveProduct(
      t,
      s.vendor1,
      productInput({
        title: 'Still mug',
        media: [{ src: 'https://cdn.test/still.png', alt: 'Still' }],
        metafields: [{ key: 'material', value: 'clay' }],
        variants: [{ price: '3', stock: 1, dimensions: { width: 1, height: 2, length: 3 }, media: [{ src: 'https://cdn.test/v.png' }] }],
      }),
    );
    const detail = await get(s.vendor1, id);
    expect((await put(s.vendor1, detail)).statusCode).toBe(200);
    expect((await logsOf(id)).length).toBe(1);
    expect((await get(s.vendor1, id)).updatedAt).toBe(detail.updatedAt);
  });

  it("a vendor's edit of reviewed fields withdraws the approval and mails the admins; a stock change does not", async () => {
    const id = await saveProduct(t, s.vendor1, productInput({ title: 'Reviewed mug' }));
    await t.db.update(products).set({ approved: true, approvedAt: new Date() }).where(eq(products.id, id));
    const detail = await get(s.vendor1, id);
    await put(s.vendor1, { ...detail, variants: [{ ...detail.variants[0], stock: 99 }] });
    expect((await t.db.select().from(products).where(eq(products.id, id)))[0].approved).toBe(true);
    const mailsBefore = (await t.mailsTo(DEMO_ACCOUNTS.admin)).length;
    await put(s.vendor1, { ...detail, title: 'Reviewed mug, renamed', variants: [{ ...detail.variants[0], stock: 99 }] });
    expect((await t.db.select().from(products).where(eq(products.id, id)))[0].approved).toBe(false);
    const mails = await t.mailsTo(DEMO_ACCOUNTS.admin);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails[0].subject).toBe('Vendor One submitted Reviewed mug, renamed');
    const last = (await logsOf(id)).at(-1)!;
    expect(last.changes.approved).toEqual({ before: true, after: false });
    // More edits of a product already waiting for review mail the admins at most once an hour.
    await put(s.vendor1, { ...detail, title: 'Reviewed mug, again', variants: [{ ...detail.variants[0], stock: 99 }] });
    await put(s.vendor1, { ...detail, title: 'Reviewed mug, once more', variants: [{ ...detail.variants[0], stock: 99 }] });
    expect((await t.mailsTo(DEMO_ACCOUNTS.admin)).length).toBe(mailsBefore + 2);
  });

  it("another vendor's product id is a 404 and changes nothing", async () => {
    const id = await saveProduct(t, s.vendor1, productInput({ title: 'Private mug' }));
    const res = await put(s.vendor2, productInput({ id, title: 'Stolen mug' }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
    const [row] = await t.db
      .select()
      .from(products)
      .where(and(eq(products.id, id)));
    expect(row.title).toBe('Private mug');
    expect((await put(s.vendor2, productInput({ id: 'not-a-uuid' }))).statusCode).toBe(404);
  });

  it('an admin may move a product to another vendor (variants follow)', async () => {
    const id = await saveProduct(t, s.vendor1, productInput({ title: 'Moving mug' }));
    const detail = await get(s.admin, id);
    expect((await put(s.admin, { ...detail, vendor: 'Vendor Two' })).statusCode).toBe(200);
    expect((await t.db.select().from(products).where(eq(products.id, id)))[0].vendorId).toBe(vendorTwo);
    expect((await t.db.select().from(productVariants).where(eq(productVariants.productId, id)))[0].vendorId).toBe(vendorTwo);
    expect((await caller(t, s.vendor1)('GET', `/api/products-v2/${id}`)).statusCode).toBe(404);
  });
});
