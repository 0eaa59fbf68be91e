type Part = Record<string, unknown>;
const media = (m: Part) => ({ alt: '', contentType: 'IMAGE', ...m });
const metafield = (m: Part) => ({ namespace: 'custom', type: '', value: null, ...m });

/**
 * A PUT needs the whole product: the parts a test leaves out, filled as the editor sends them when
 * empty, so tests name only what they are about.
 */
export function wholeProduct(product: Part): Part {
  const { seo, options, media: productMedia, variants, metafields, ...rest } = product as Record<string, Part[] | undefined>;
  return {
    bodyHtml: '',
    ...rest,
    seo: seo ?? { title: '', description: '' },
    options: (options ?? []).map((o) => ({ values: [], ...o })),
    media: (productMedia ?? []).map(media),
    metafields: (metafields ?? []).map(metafield),
    variants: (variants ?? []).map((v) => ({
      price: null,
      compareAt: null,
      options: [],
      sku: '',
      barcode: '',
      taxable: true,
      trackStock: false,
      stock: null,
      requiresShipping: true,
      weight: null,
      dimensions: null,
      localPickup: { enabled: false },
      ...v,
      media: ((v.media as Part[] | undefined) ?? []).map(media),
      metafields: ((v.metafields as Part[] | undefined) ?? []).map(metafield),
    })),
  };
}
