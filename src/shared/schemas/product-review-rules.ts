import { z } from 'zod';

/** The parts of a product a store may hold back for review when a vendor edits it while it is live. */
export const REVIEWABLE_FIELDS = ['title', 'bodyHtml', 'media', 'options', 'metafields', 'seo', 'variants'] as const;
export type ReviewableField = (typeof REVIEWABLE_FIELDS)[number];

/** What review held back before these rules existed: everything an admin reads, not the variants' details. */
const DEFAULT_REVIEWED: ReviewableField[] = ['title', 'bodyHtml', 'media', 'options', 'metafields', 'seo'];

/**
 * Which edits of a live product wait for an admin (settings.productReview). Stock never waits.
 * `variants`: variants added or removed, or a variant's details (SKU, weight, ...) changed.
 * `priceChangePercent`: a variant's price moving more than this share of its live price waits
 * (0: any price change); null: prices never wait.
 */
export const ProductReviewRulesSchema = z.object({
  fields: z.array(z.enum(REVIEWABLE_FIELDS)).max(REVIEWABLE_FIELDS.length).default(DEFAULT_REVIEWED),
  priceChangePercent: z.number().int('Must be a whole number').min(0).max(1000).nullable().default(null),
});
export type ProductReviewRules = z.infer<typeof ProductReviewRulesSchema>;
