import { z } from 'zod';
import { MSG } from '../messages.ts';

export const VENDOR_PAGE_STATUSES = ['draft', 'pending', 'approved'] as const;

/** POST vendors/v2: what a vendor writes on its page (spec §7). */
export const VendorPageInputSchema = z.object({
  description: z.string().max(100_000).default(''),
  imageUrl: z.union([z.literal(''), z.url({ error: MSG.invalidUrl })]).default(''),
  metafields: z
    .array(z.object({ key: z.string().trim().min(1, MSG.required).max(64), value: z.union([z.string().max(65_536), z.array(z.string().max(2000)).max(100), z.boolean()]) }))
    .max(200)
    .default([]),
});
export type VendorPageInput = z.infer<typeof VendorPageInputSchema>;

export const VendorPageSchema = VendorPageInputSchema.extend({
  status: z.enum(VENDOR_PAGE_STATUSES).default('draft'),
  updatedAt: z.string().nullable().default(null),
});
export type VendorPage = z.infer<typeof VendorPageSchema>;

export const VendorPageActionSchema = z.object({
  action: z.enum(['approve', 'unapprove'], { error: 'Action must be approve or unapprove' }),
  vendor: z.string().trim().min(1, MSG.required).max(200),
});
