import { z } from 'zod';
import { MSG } from '../messages.ts';

export const VENDOR_PAGE_STATUSES = ['draft', 'pending', 'approved'] as const;

/** POST vendors/v2: what a vendor writes on its page. It replaces the page, so every key is required. */
export const VendorPageInputSchema = z.object({
  description: z.string({ error: MSG.required }).max(100_000),
  imageUrl: z.union([z.literal(''), z.url({ error: MSG.invalidUrl })], { error: MSG.required }),
  metafields: z
    .array(
      z.object({
        key: z.string().trim().min(1, MSG.required).max(64),
        value: z.union([z.string().max(65_536), z.array(z.string().max(2000)).max(100), z.boolean()]),
      }),
      { error: MSG.required },
    )
    .max(200),
});
export type VendorPageInput = z.infer<typeof VendorPageInputSchema>;

/** A page as stored and answered; a page never saved reads as empty. */
export const VendorPageSchema = VendorPageInputSchema.extend({
  description: VendorPageInputSchema.shape.description.default(''),
  imageUrl: VendorPageInputSchema.shape.imageUrl.default(''),
  metafields: VendorPageInputSchema.shape.metafields.default([]),
  status: z.enum(VENDOR_PAGE_STATUSES).default('draft'),
  updatedAt: z.string().nullable().default(null),
});
export type VendorPage = z.infer<typeof VendorPageSchema>;

export const VendorPageActionSchema = z.object({
  action: z.enum(['approve', 'unapprove'], { error: 'Action must be approve or unapprove' }),
  vendor: z.string().trim().min(1, MSG.required).max(200),
});

/** GET vendors/v2/definitions and POST vendors/v2: an admin's vendor (its name), whose page it reads or saves; ignored for vendors. */
export const VendorPageQuerySchema = z.object({ vendor: z.string().trim().max(200).optional() });

/** GET vendors/v2/definitions: the page's fields and sections, whether pages are on, and the caller's page. */
export const VendorPageAnswerSchema = z.object({
  /** Collection metafield definitions flagged showOnVendorPage, in the store's order. */
  definitions: z.array(z.record(z.string(), z.unknown())),
  sections: z.array(z.object({ name: z.string(), keys: z.array(z.string()) })),
  enabled: z.boolean(),
  /** null for an admin in the marketplace view who names no vendor: there is no page to edit. */
  page: VendorPageSchema.nullable(),
});
export type VendorPageAnswer = z.infer<typeof VendorPageAnswerSchema>;

export const VENDOR_PAGE_MESSAGES = {
  disabled: 'Vendor pages are turned off for this marketplace',
} as const;

/** A vendor's published page as the storefront widget gets it (storefront/populate/vendor): approved content only. */
export const PublicVendorPageSchema = z.object({
  /** Sanitised rich text. */
  description: z.string(),
  imageUrl: z.string(),
  /** The page's fields with a value, in the store's order: name and type come from their definition. */
  fields: z.array(
    z.object({ key: z.string(), name: z.string(), type: z.string(), value: z.union([z.string(), z.array(z.string()), z.boolean()]) }),
  ),
  /** How the store groups the fields (by key). */
  sections: z.array(z.object({ name: z.string(), keys: z.array(z.string()) })),
});
export type PublicVendorPage = z.infer<typeof PublicVendorPageSchema>;
