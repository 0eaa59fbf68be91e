import type { ProductRow, variantOut } from '../products/index.ts';
import type { ImportedProduct, ImportedVariant } from './parse-product-csv.ts';

type StoredVariant = ReturnType<typeof variantOut>;

/** The stored product an imported one updates, with its variants as the API shows them. */
export interface ImportMatch {
  product: ProductRow;
  variants: StoredVariant[];
}

const sameOptions = (a: string[], b: string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The stored variant each imported one updates: by our export's Variant ID, else by SKU, else (the
 * platform's stores without SKUs) by the option values, each stored variant used once. Taken in
 * that order over all rows, so a SKU that moved to other option values follows its variant.
 */
function pairVariants(imported: ImportedVariant[], stored: StoredVariant[]): (StoredVariant | undefined)[] {
  const pairs: (StoredVariant | undefined)[] = imported.map(() => undefined);
  const free = new Set(stored);
  const take = (same: (v: ImportedVariant, s: StoredVariant) => boolean) =>
    imported.forEach((v, i) => {
      if (pairs[i]) return;
      const found = [...free].find((s) => same(v, s));
      if (found) [pairs[i]] = [found, free.delete(found)];
    });
  take((v, s) => v.id === s.id);
  take((v, s) => !!v.sku && v.sku.toLowerCase() === s.sku.toLowerCase());
  take((v, s) => sameOptions(v.options, s.options));
  return pairs;
}

/**
 * The products-v2 input for one imported product; with a match it updates it. A save replaces the
 * product whole, so what the file has no column for (alt texts in our format, dimensions, variant
 * metafields...) is sent back as stored: importing a file changes only what the file says.
 */
export function toProductInput(product: ImportedProduct, match: ImportMatch | null, asAdmin: boolean) {
  const stored = match?.product;
  const storedMedia = new Map((stored?.media ?? []).map((m) => [m.src, m]));
  const pairs = pairVariants(product.variants, match?.variants ?? []);
  const fileMetafields = product.metafields ?? [];
  const keptMetafields = (stored?.metafields ?? []).filter(
    (m) => !fileMetafields.some((f) => f.namespace === m.namespace && f.key === m.key),
  );
  return {
    ...(stored ? { id: stored.id } : {}),
    title: product.title,
    bodyHtml: product.bodyHtml ?? stored?.bodyHtml ?? '',
    ...(product.handle && !stored ? { handle: product.handle } : {}),
    ...(product.status ? { status: product.status } : {}),
    ...(asAdmin && product.vendor ? { vendor: product.vendor } : {}),
    ...(product.seo || stored ? { seo: product.seo ?? stored!.seo } : {}),
    options: product.options,
    media: product.images
      ? product.images.map((image) => {
          const known = storedMedia.get(image.src);
          return { src: image.src, alt: image.alt ?? known?.alt ?? '', contentType: known?.contentType ?? ('IMAGE' as const) };
        })
      : (stored?.media ?? []),
    metafields: [...keptMetafields, ...fileMetafields].map((m) => ({
      namespace: m.namespace,
      key: m.key,
      value: m.value,
      ...('type' in m ? { type: m.type } : {}),
    })),
    variants: product.variants.map((v, i) => {
      const old = pairs[i];
      return {
        ...(old ? { id: old.id, dimensions: old.dimensions, localPickup: old.localPickup, metafields: old.metafields } : {}),
        sku: v.sku,
        price: v.price,
        compareAt: v.compareAt !== undefined ? v.compareAt : (old?.compareAt ?? null),
        barcode: v.barcode ?? old?.barcode ?? '',
        weight: v.weight ?? old?.weight ?? 0,
        ...(v.weightUnit || old?.weightUnit ? { weightUnit: v.weightUnit ?? old?.weightUnit } : {}),
        // Untracked keeps the stored count: the file says nothing about it.
        trackStock: v.stock === undefined ? (old?.trackStock ?? false) : v.stock !== null,
        stock: v.stock ?? old?.stock ?? 0,
        requiresShipping: v.requiresShipping ?? old?.requiresShipping ?? true,
        taxable: v.taxable ?? old?.taxable ?? true,
        options: v.options,
        media: v.image
          ? [old?.media.find((m) => m.src === v.image) ?? { src: v.image, alt: '', contentType: 'IMAGE' as const }]
          : (old?.media ?? []),
      };
    }),
  };
}
