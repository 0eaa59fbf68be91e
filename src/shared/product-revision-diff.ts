import { diffWordsWithSpace } from 'diff';
import { toScaledInteger } from './money.ts';
import type { DocumentVariant, ProductDocument, RevisionChange } from './schemas/product-revisions.ts';
import type { ProductReviewRules, ReviewableField } from './schemas/product-review-rules.ts';

/** Prices compared at a scale finer than any currency's minor unit. */
const PRICE_SCALE = 4;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** How a variant is named to a reviewer: its option values, else its SKU. */
export function variantLabel(v: Pick<DocumentVariant, 'options' | 'sku'>): string {
  return v.options.filter(Boolean).join(' / ') || v.sku || 'Default';
}

/** The words of a description as a reader sees them (markup dropped, entities read). */
function htmlText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/div)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*/g, '\n')
    .trim();
}

/** The markup of a description without its words: what changes when only the formatting does. */
const markupOf = (html: string) => (html.match(/<[^>]*>/g) ?? []).join('');

function textChange(field: 'title' | 'bodyHtml' | 'seo.title' | 'seo.description', before: string, after: string): RevisionChange[] {
  if (before === after) return [];
  const isHtml = field === 'bodyHtml';
  const [a, b] = isHtml ? [htmlText(before), htmlText(after)] : [before, after];
  const parts = diffWordsWithSpace(a, b).map((p) => ({ value: p.value, added: p.added, removed: p.removed }));
  return [{ kind: 'text', field, parts, formattingChanged: isHtml && markupOf(before) !== markupOf(after) }];
}

function valueChange(field: 'options' | 'metafields' | 'status' | 'handle', before: unknown, after: unknown): RevisionChange[] {
  if (same(before, after)) return [];
  const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  return [{ kind: 'value', field, before: show(before), after: show(after) }];
}

function mediaChange(live: ProductDocument['media'], proposed: ProductDocument['media']): RevisionChange[] {
  const thumb = (m: ProductDocument['media'][number]) => ({ src: m.src, alt: m.alt, contentType: m.contentType });
  const liveSrcs = new Set(live.map((m) => m.src));
  const proposedSrcs = new Set(proposed.map((m) => m.src));
  const added = proposed.filter((m) => !liveSrcs.has(m.src)).map(thumb);
  const removed = live.filter((m) => !proposedSrcs.has(m.src)).map(thumb);
  return added.length || removed.length ? [{ kind: 'media', added, removed }] : [];
}

/** A variant's fields as a reviewer compares them (position is the order, not a change of the variant). */
const VARIANT_FIELDS = [
  'price',
  'compareAt',
  'stock',
  'options',
  'sku',
  'barcode',
  'taxable',
  'trackStock',
  'requiresShipping',
  'weight',
  'weightUnit',
  'dimensions',
  'localPickup',
  'media',
  'metafields',
] as const;
/** What a vendor may change without review whatever the rules say (orders count stock down meanwhile). */
const NEVER_REVIEWED = new Set<string>(['stock']);

function variantFieldChanges(live: DocumentVariant, proposed: DocumentVariant) {
  const show = (v: unknown) => (v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  return VARIANT_FIELDS.filter((f) => !same(live[f], proposed[f])).map((field) => ({
    field,
    before: show(live[field]),
    after: show(proposed[field]),
  }));
}

function variantsChange(live: DocumentVariant[], proposed: DocumentVariant[]): RevisionChange[] {
  const liveById = new Map(live.map((v) => [v.id, v]));
  const proposedIds = new Set(proposed.map((v) => v.id));
  const brief = (v: DocumentVariant) => ({ label: variantLabel(v), price: v.price, stock: v.stock });
  const added = proposed.filter((v) => !liveById.has(v.id)).map(brief);
  const removed = live.filter((v) => !proposedIds.has(v.id)).map(brief);
  const changed = proposed.flatMap((v) => {
    const before = liveById.get(v.id);
    const changes = before ? variantFieldChanges(before, v) : [];
    return changes.length ? [{ label: variantLabel(v), changes }] : [];
  });
  return added.length || removed.length || changed.length ? [{ kind: 'variants', added, removed, changed }] : [];
}

/**
 * What a revision changes, field by field: texts as word diffs (the description as its text, with
 * a flag when only or also its formatting changed), media added and removed, variants added,
 * removed and changed (price and stock old -> new).
 */
export function revisionChanges(live: ProductDocument, proposed: ProductDocument): RevisionChange[] {
  return [
    ...textChange('title', live.title, proposed.title),
    ...textChange('bodyHtml', live.bodyHtml, proposed.bodyHtml),
    ...mediaChange(live.media, proposed.media),
    ...variantsChange(live.variants, proposed.variants),
    ...valueChange('options', live.options, proposed.options),
    ...valueChange('metafields', live.metafields, proposed.metafields),
    ...textChange('seo.title', live.seo.title, proposed.seo.title),
    ...textChange('seo.description', live.seo.description, proposed.seo.description),
    ...valueChange('status', live.status, proposed.status),
    ...valueChange('handle', live.handle, proposed.handle),
  ];
}

/** Whether a price moved beyond the allowed share of the live price (a free product: any change). */
function priceBeyond(before: string, after: string, percent: number): boolean {
  const a = toScaledInteger(before, PRICE_SCALE);
  const b = toScaledInteger(after, PRICE_SCALE);
  return Math.abs(b - a) * 100 > percent * a || (a === 0 && b !== 0);
}

/**
 * The reasons an edit of a live product waits for review under the store's rules: the reviewed
 * fields it changes, and 'price' for a price moved beyond the allowed share. Empty: it goes live
 * at once. Stock never counts.
 */
export function reviewReasons(live: ProductDocument, proposed: ProductDocument, rules: ProductReviewRules): (ReviewableField | 'price')[] {
  const reviewed = new Set(rules.fields);
  const reasons: (ReviewableField | 'price')[] = [];
  const top: Exclude<ReviewableField, 'variants'>[] = ['title', 'bodyHtml', 'media', 'options', 'metafields', 'seo'];
  for (const field of top) if (reviewed.has(field) && !same(live[field], proposed[field])) reasons.push(field);

  const liveById = new Map(live.variants.map((v) => [v.id, v]));
  const pairs = proposed.variants.flatMap((v) => (liveById.has(v.id) ? [[liveById.get(v.id)!, v] as const] : []));
  if (reviewed.has('variants')) {
    const addedOrRemoved = pairs.length !== proposed.variants.length || pairs.length !== live.variants.length;
    const detailChanged = pairs.some(([a, b]) =>
      variantFieldChanges(a, b).some((c) => !NEVER_REVIEWED.has(c.field) && c.field !== 'price'),
    );
    if (addedOrRemoved || detailChanged) reasons.push('variants');
  }
  const percent = rules.priceChangePercent;
  if (percent !== null && pairs.some(([a, b]) => priceBeyond(a.price, b.price, percent))) reasons.push('price');
  return reasons;
}
