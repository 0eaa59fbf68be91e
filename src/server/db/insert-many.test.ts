import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { insertMany } from './insert-many.ts';
import { products, productVariants, vendors } from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('insertMany', () => {
  /** A product of the first vendor with every kind of column set, and its variants. */
  async function sample(tag: string) {
    const [vendor] = await t.db.select().from(vendors).limit(1);
    const id = randomUUID();
    const scope = { storeId: vendor.storeId, vendorId: vendor.id };
    return {
      product: {
        ...scope,
        id,
        handle: `insert-many-${tag}`,
        title: `Insert many ${tag}`,
        bodyHtml: '<p>Ünïcode "quoted" \\ back</p>',
        status: 'ACTIVE' as const,
        approved: true,
        approvedAt: new Date('2026-01-02T03:04:05.678Z'),
        approvedBy: null,
        approvalNote: null,
        seo: { title: 'Ünïcode "quoted"', description: '' },
        options: [{ name: 'Size', values: ['S', 'M'] }],
        media: [],
        metafields: [],
        currency: 'EUR',
        priceMin: 1999,
        priceMax: 9_007_199_254_740,
        variantsCount: 2,
        totalStock: 3,
        inStock: true,
        updatedAt: new Date('2026-01-02T03:04:05.678Z'),
      },
      variants: ['S', 'M'].map((size, i) => ({
        ...scope,
        productId: id,
        sku: `${tag}-${size}`,
        barcode: '',
        price: 1999 + i,
        compareAt: i ? null : 2999,
        options: [size],
        taxable: true,
        trackStock: !i,
        stock: 3,
        requiresShipping: true,
        weight: 0.25,
        weightUnit: 'KILOGRAMS',
        dimensions: i ? null : { length: 1, width: 2, height: 3, dimUnit: 'CENTIMETERS' },
        localPickup: { enabled: false },
        media: [],
        metafields: [],
        position: i,
        updatedAt: new Date('2026-01-02T03:04:05.678Z'),
      })),
    };
  }

  it("stores exactly what drizzle's insert stores: JSON, dates, numbers, nulls, defaults", async () => {
    const viaDrizzle = await sample('drizzle');
    const viaJson = await sample('json');
    await t.db.insert(products).values(viaDrizzle.product);
    await t.db.insert(productVariants).values(viaDrizzle.variants);
    await insertMany(t.db, products, [viaJson.product]);
    await insertMany(t.db, productVariants, viaJson.variants);

    const stored = async (id: string) => {
      const [{ id: _id, handle: _h, title: _t, search: _s, createdAt, ...product }] = await t.db
        .select()
        .from(products)
        .where(eq(products.id, id));
      expect(createdAt).toBeInstanceOf(Date);
      const rows = await t.db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(productVariants.position);
      return { product, variants: rows.map(({ id: _v, productId: _p, sku: _k, createdAt: _c, ...v }) => v) };
    };
    const json = await stored(viaJson.product.id);
    expect(json).toEqual(await stored(viaDrizzle.product.id));
    expect(json.product.seo).toEqual({ title: 'Ünïcode "quoted"', description: '' });
    expect(json.variants).toHaveLength(2);
  });

  it("stores a value every row shares (sent once) exactly as each row's own: times, nulls, big numbers, flags", async () => {
    const at = new Date('2026-03-04T05:06:07.891Z');
    const batch = async (tag: string) =>
      Promise.all(
        ['a', 'b', 'c'].map(async (n) => ({
          ...(await sample(`${tag}-${n}`)).product,
          approvedAt: at,
          updatedAt: at,
          priceMax: 9_007_199_254_740,
          approvalNote: null,
        })),
      );
    const viaDrizzle = await batch('shared-drizzle');
    const viaJson = await batch('shared-json');
    await t.db.insert(products).values(viaDrizzle);
    await insertMany(t.db, products, viaJson);
    const stored = async (rows: { id: string }[]) =>
      (
        await t.db
          .select()
          .from(products)
          .where(
            inArray(
              products.id,
              rows.map((r) => r.id),
            ),
          )
      ).map(({ id: _i, handle: _h, title: _t, search: _s, createdAt: _c, ...rest }) => rest);
    const json = await stored(viaJson);
    expect(json).toEqual(await stored(viaDrizzle));
    expect(json).toHaveLength(3);
    expect(json[0]).toMatchObject({ approvedAt: at, updatedAt: at, priceMax: 9_007_199_254_740, approvalNote: null, approved: true });
  });

  it("stores JSON that every row shares (sent once) and JSON that differs deep inside as each row's own", async () => {
    const batch = async (tag: string) => {
      const { product, variants } = await sample(tag);
      const rows = [0, 1, 2].map((i) => ({
        ...variants[0],
        sku: `${tag}-${i}`,
        position: i,
        // Equal in every row though each row has its own object, the keys in another order.
        dimensions:
          i === 1 ? { dimUnit: 'CENTIMETERS', height: 3, width: 2, length: 1 } : { length: 1, width: 2, height: 3, dimUnit: 'CENTIMETERS' },
        localPickup: { enabled: false },
        // The first row's list has an item more than the others'.
        options: i === 0 ? ['S', 'M'] : ['S'],
        // The first row's value has a key more than the others'.
        metafields: [{ key: 'a', namespace: 'custom', type: 'json', value: i === 0 ? { x: ['y'], z: 1 } : { x: ['y'] } }],
        // The same until the last field of the last row.
        media: [{ id: 'm', src: 'https://cdn.example/m.png', contentType: 'IMAGE' as const, alt: i === 2 ? 'last' : '' }],
      }));
      return { product, rows };
    };
    const viaDrizzle = await batch('json-drizzle');
    const viaJson = await batch('json-json');
    await insertMany(t.db, products, [viaDrizzle.product, viaJson.product]);
    await t.db.insert(productVariants).values(viaDrizzle.rows);
    await insertMany(t.db, productVariants, viaJson.rows);
    const stored = async (productId: string) =>
      (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(productVariants.position)).map(
        ({ id: _i, productId: _p, sku: _k, createdAt: _c, ...v }) => v,
      );
    const json = await stored(viaJson.product.id);
    expect(json).toEqual(await stored(viaDrizzle.product.id));
    expect(json.map((v) => v.metafields[0].value)).toEqual([{ x: ['y'], z: 1 }, { x: ['y'] }, { x: ['y'] }]);
    expect(json.map((v) => v.media[0].alt)).toEqual(['', '', 'last']);
    expect(json.map((v) => v.options)).toEqual([['S', 'M'], ['S'], ['S']]);
    expect(json.every((v) => v.dimensions?.height === 3 && v.localPickup.enabled === false)).toBe(true);
  });

  it("computes a column every row sets to the same SQL expression per row, in the rows' order", async () => {
    const { product, variants } = await sample('clock');
    await insertMany(t.db, products, [product]);
    const clock = sql`clock_timestamp()`;
    await insertMany(
      t.db,
      productVariants,
      variants.map((v) => ({ ...v, updatedAt: clock })),
    );
    const rows = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(productVariants.position);
    expect(rows.map((r) => r.sku)).toEqual(['clock-S', 'clock-M']);
    expect(rows[0].updatedAt.getTime()).toBeGreaterThan(product.updatedAt.getTime());
    expect(rows[1].updatedAt.getTime()).toBeGreaterThanOrEqual(rows[0].updatedAt.getTime());
  });

  it("falls back to drizzle's insert when the rows set different columns", async () => {
    const { product, variants } = await sample('mixed');
    await insertMany(t.db, products, [product]);
    const { barcode: _b, ...without } = variants[1];
    await insertMany(t.db, productVariants, [variants[0], without]);
    expect(
      await t.db
        .select()
        .from(productVariants)
        .where(inArray(productVariants.sku, ['mixed-S', 'mixed-M'])),
    ).toHaveLength(2);
  });
});
