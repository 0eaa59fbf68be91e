import { describe, expect, it } from 'vitest';
import { diffSnapshots, type Snapshot } from './product-logs.ts';

describe('diffSnapshots of a new product', () => {
  const variant = (i: number) => ({ id: `v${i}`, sku: `S-${i}`, price: '1.00', compareAt: null, options: ['S'] });
  const snapshot = (variants: number): Snapshot => ({
    title: 'Lamp',
    bodyHtml: 'x'.repeat(2500),
    handle: 'lamp',
    seo: { title: '', description: '' },
    approvalNote: null,
    status: undefined,
    variants: Array.from({ length: variants }, (_, i) => variant(i)),
  });

  it('logs from null what the comparison with an empty product logs: values set, long texts cut, many variants counted', () => {
    for (const size of [0, 2, 51]) expect(diffSnapshots(null, snapshot(size))).toEqual(diffSnapshots({}, snapshot(size)));
    expect(Object.keys(diffSnapshots(null, snapshot(2)))).toEqual(['title', 'bodyHtml', 'handle', 'seo', 'variants.v0', 'variants.v1']);
    expect(diffSnapshots(null, snapshot(51)).variants).toEqual({ before: 0, after: 51 });
  });

  it('cuts long texts at any depth and leaves the rest as it is', () => {
    const long = {
      title: 'Lamp',
      seo: { title: 't'.repeat(2100), description: 'short' },
      metafields: [
        { key: 'k', value: 'v'.repeat(3000) },
        { key: 'j', value: 'ok' },
      ],
    };
    const changes = diffSnapshots(null, long);
    expect(changes.title.after).toBe('Lamp');
    expect(changes.seo.after).toEqual({ title: `${'t'.repeat(2000)}…`, description: 'short' });
    expect(changes.metafields.after).toEqual([
      { key: 'k', value: `${'v'.repeat(2000)}…` },
      { key: 'j', value: 'ok' },
    ]);
    // The logged product itself is not changed by the cut.
    expect(long.seo.title).toHaveLength(2100);
  });
});
