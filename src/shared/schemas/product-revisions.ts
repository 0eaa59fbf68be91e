import { z } from 'zod';
import { ProductDetailSchema } from './products.ts';
import { MoneyTextSchema } from './money.ts';

export { REVIEWABLE_FIELDS, ProductReviewRulesSchema, type ProductReviewRules, type ReviewableField } from './product-review-rules.ts';

/** A product as a revision proposes it: the fields a vendor edits, in the detail's (re-sendable) form. */
export const ProductDocumentSchema = ProductDetailSchema.pick({
  handle: true,
  title: true,
  bodyHtml: true,
  status: true,
  seo: true,
  options: true,
  media: true,
  metafields: true,
  variants: true,
});
export type ProductDocument = z.infer<typeof ProductDocumentSchema>;
export type DocumentVariant = ProductDocument['variants'][number];

export const REVISION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/** A run of a word diff: unchanged, added or removed text. */
const DiffPartSchema = z.object({ value: z.string(), added: z.boolean(), removed: z.boolean() });
const MediaThumbSchema = z.object({ src: z.string(), alt: z.string(), contentType: z.string() });
const BriefVariantSchema = z.object({ label: z.string(), price: MoneyTextSchema, stock: z.number() });
const ValueChangeSchema = z.object({ field: z.string(), before: z.string(), after: z.string() });

/** One changed field of a revision, as the admin reviews it. */
export const RevisionChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    field: z.enum(['title', 'bodyHtml', 'seo.title', 'seo.description']),
    parts: z.array(DiffPartSchema),
    /** The description's markup changed (bold, lists, links...) besides or instead of its words. */
    formattingChanged: z.boolean(),
  }),
  z.object({ kind: z.literal('media'), added: z.array(MediaThumbSchema), removed: z.array(MediaThumbSchema) }),
  z.object({
    kind: z.literal('value'),
    field: z.enum(['options', 'metafields', 'status', 'handle']),
    before: z.string(),
    after: z.string(),
  }),
  z.object({
    kind: z.literal('variants'),
    /** Prices in the revision's currency. */
    added: z.array(BriefVariantSchema),
    removed: z.array(BriefVariantSchema),
    changed: z.array(z.object({ label: z.string(), changes: z.array(ValueChangeSchema) })),
  }),
]);
export type RevisionChange = z.infer<typeof RevisionChangeSchema>;

export const RevisionSchema = z.object({
  id: z.string(),
  productId: z.string(),
  status: z.enum(REVISION_STATUSES),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  currency: z.string(),
  live: ProductDocumentSchema,
  proposed: ProductDocumentSchema,
  changes: z.array(RevisionChangeSchema),
});
export type Revision = z.infer<typeof RevisionSchema>;

/** GET products-v2/{id}/revision: the pending revision, and the last rejected one (its note tells the vendor why). */
export const ProductRevisionAnswerSchema = z.object({ pending: RevisionSchema.nullable(), rejected: RevisionSchema.nullable() });
export type ProductRevisionAnswer = z.infer<typeof ProductRevisionAnswerSchema>;

export const REVISION_ACTIONS = ['approve', 'reject', 'withdraw'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];
export const RevisionActionBodySchema = z.object({ note: z.string().trim().max(2000).optional() }).default({});
export const RevisionActionAnswerSchema = z.object({ productId: z.string(), status: z.enum(REVISION_STATUSES) });

export const RevisionListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const REVISION_PAGE_SIZE = 25;
export const RevisionListItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  title: z.string(),
  proposedTitle: z.string(),
  vendor: z.string(),
  image: z.string().nullable(),
  createdAt: z.string(),
});
export type RevisionListItem = z.infer<typeof RevisionListItemSchema>;
/** GET products-v2/revisions: pending revisions, oldest first (first come, first reviewed). */
export const RevisionListAnswerSchema = z.object({ revisions: z.array(RevisionListItemSchema), count: z.number(), page: z.number() });
export type RevisionListAnswer = z.infer<typeof RevisionListAnswerSchema>;

export const REVISION_MESSAGES = {
  noPendingRevision: 'This product has no changes waiting for review',
  reviewByMarketplace: 'Changes are reviewed by the marketplace',
} as const;
