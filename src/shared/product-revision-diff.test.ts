import { describe, expect, it } from 'vitest';
import { revisionChanges, reviewReasons } from './product-revision-diff.ts';
import type { DocumentVariant, ProductDocument } from './schemas/product-revisions.ts';
import { ProductReviewRulesSchema } from './schemas/product-review-rules.ts';

const variant = (over: Partial<DocumentVariant> = {}): DocumentVariant => ({
  id: 'v1',
  price: '20.00',
  compareAt: null,
  options: ['S'],
  sku: 'MUG-S',
  barcode: '',
  taxable: true,
  trackStock: true,
  stock: 5,
  requiresShipping: true,
  weight: 0,
  weightUnit: 'KILOGRAMS',
  dimensions: null,
  localPickup: { enabled: false },
  media: [],
  metafields: [],
  position: 0,
  ...over,
});
const doc = (over: Partial<ProductDocument> = {}): ProductDocument => ({
  handle: 'mug',
  title: 'Mug',
  bodyHtml: '<p>A mug.</p>',
  status: 'ACTIVE',
  seo: { title: '', description: '' },
  options: [{ name: 'Size', values: ['S'] }],
  media: [{ id: 'm1', src: 'https://cdn.test/a.jpg', alt: 'A', contentType: 'IMAGE' }],
  metafields: [],
  variants: [variant()],
  ...over,
});
const marked = (parts: { value: string; added: boolean; removed: boolean }[]) =>
  parts.map((p) => (p.added ? `{+${p.value}+}` : p.removed ? `[-${p.value}-]` : p.value)).join('');

describe('revisionChanges', () => {
  it('reads the description as text and notes a formatting-only change', () => {
    const [change] = revisionChanges(doc(), doc({ bodyHtml: '<p>A <em>mug</em>.</p>' }));
    expect(change).toMatchObject({ kind: 'text', field: 'bodyHtml', formattingChanged: true });
    expect(change.kind === 'text' && marked(change.parts)).toBe('A mug.');
  });

  it('lists media added and removed, and variants added, removed and changed with old -> new', () => {
    const changes = revisionChanges(
      doc(),
      doc({
        media: [{ id: 'm2', src: 'https://cdn.test/b.jpg', alt: 'B', contentType: 'IMAGE' }],
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [variant({ price: '22.00', stock: 3 }), variant({ id: 'v2', options: ['M'], sku: 'MUG-M', price: '25.00' })],
      }),
    );
    expect(changes.find((c) => c.kind === 'media')).toEqual({
      kind: 'media',
      added: [{ src: 'https://cdn.test/b.jpg', alt: 'B', contentType: 'IMAGE' }],
      removed: [{ src: 'https://cdn.test/a.jpg', alt: 'A', contentType: 'IMAGE' }],
    });
    expect(changes.find((c) => c.kind === 'variants')).toEqual({
      kind: 'variants',
      added: [{ label: 'M', price: '25.00', stock: 5 }],
      removed: [],
      changed: [
        {
          label: 'S',
          changes: [
            { field: 'price', before: '20.00', after: '22.00' },
            { field: 'stock', before: '5', after: '3' },
          ],
        },
      ],
    });
    expect(changes.find((c) => c.kind === 'value')).toMatchObject({ field: 'options' });
  });

  it('finds nothing in an unchanged product', () => {
    expect(revisionChanges(doc(), doc())).toEqual([]);
  });
});

describe('reviewReasons', () => {
  const rules = (over: object = {}) => ProductReviewRulesSchema.parse(over);

  it('never holds back stock; by default holds back texts and media, not prices nor variant details', () => {
    expect(
      reviewReasons(
        doc(),
        doc({ variants: [variant({ stock: 0 })] }),
        rules({ fields: [...rules().fields, 'variants'], priceChangePercent: 0 }),
      ),
    ).toEqual([]);
    expect(reviewReasons(doc(), doc({ title: 'Big mug', variants: [variant({ price: '99.00', sku: 'X' })] }), rules())).toEqual(['title']);
  });

  it('holds back a price only beyond the allowed share, either way', () => {
    const percent = rules({ priceChangePercent: 10 });
    expect(reviewReasons(doc(), doc({ variants: [variant({ price: '22.00' })] }), percent)).toEqual([]);
    expect(reviewReasons(doc(), doc({ variants: [variant({ price: '18.00' })] }), percent)).toEqual([]);
    expect(reviewReasons(doc(), doc({ variants: [variant({ price: '22.01' })] }), percent)).toEqual(['price']);
    expect(reviewReasons(doc(), doc({ variants: [variant({ price: '17.99' })] }), percent)).toEqual(['price']);
  });

  it("holds back variants added, removed or changed in detail when the store reviews 'variants'", () => {
    const withVariants = rules({ fields: ['variants'] });
    expect(reviewReasons(doc(), doc({ variants: [variant(), variant({ id: 'v2', options: ['M'] })] }), withVariants)).toEqual(['variants']);
    expect(reviewReasons(doc(), doc({ variants: [variant({ sku: 'NEW' })] }), withVariants)).toEqual(['variants']);
    expect(reviewReasons(doc(), doc({ title: 'Other' }), withVariants)).toEqual([]);
  });
});
