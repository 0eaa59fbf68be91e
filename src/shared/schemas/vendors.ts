import { z } from 'zod';
import { MSG } from '../messages.ts';
import { EmailSchema, requiredText } from './common.ts';

/** A vendor's name is the value the storefront platform carries on its products. */
export const VendorNameSchema = requiredText(200);

export const VENDOR_NAME_MIN = 2;
/**
 * A name given to a new or renamed vendor. Existing names are looked up as they are, but a new
 * one of a single letter is almost always a slip of the keyboard, and buyers see it on the storefront.
 */
export const NewVendorNameSchema = VendorNameSchema.pipe(z.string().min(VENDOR_NAME_MIN, `Must be at least ${VENDOR_NAME_MIN} characters`));

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatusValue = (typeof APPLICATION_STATUSES)[number];

export const ApplicationStatusSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
});

export const VendorIdentitySchema = z.object({
  identity: z.object({
    email: EmailSchema,
    name: z.string().trim().max(200).optional(),
  }),
});
export type VendorIdentity = z.infer<typeof VendorIdentitySchema>;

export const RenameVendorSchema = z
  .object({ oldVendor: VendorNameSchema, newVendor: NewVendorNameSchema })
  .refine((v) => v.oldVendor !== v.newVendor, { message: 'The new name must differ from the old one', path: ['newVendor'] });
export type RenameVendor = z.infer<typeof RenameVendorSchema>;

export const ApplicationSchema = z.object({
  id: z.string(),
  email: z.string(),
  vendorName: z.string(),
  fields: z.array(z.object({ key: z.string(), value: z.unknown(), name: z.string() })),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type Application = z.infer<typeof ApplicationSchema>;

export const VendorSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  accounts: z.array(z.object({ email: z.string(), name: z.string().nullable(), hasPassword: z.boolean() })),
});
export type VendorSummary = z.infer<typeof VendorSummarySchema>;

/** GET vendors/:vendorId/overview: what the admin's page of one vendor shows beside the lists it links to. */
export const VendorOverviewSchema = z.object({
  vendor: VendorSummarySchema,
  /** The answers of the application the vendor was approved from; null for a vendor made another way. */
  application: z.object({ email: z.string(), createdAt: z.string(), fields: ApplicationSchema.shape.fields }).nullable(),
  conversations: z.object({
    /** Counted up to VENDOR_OVERVIEW_COUNT_CAP. */
    count: z.number().int(),
    unread: z.number().int(),
    latest: z.array(
      z.object({
        conversationId: z.string(),
        buyerName: z.string(),
        subject: z.string().nullable(),
        lastMessageAt: z.string(),
        sellerUnread: z.number().int(),
      }),
    ),
  }),
});
export type VendorOverview = z.infer<typeof VendorOverviewSchema>;
export const VENDOR_OVERVIEW_COUNT_CAP = 1000;
export const VENDOR_OVERVIEW_LATEST = 5;

export const VendorsAnswerSchema = z.object({
  applications: z.array(ApplicationSchema),
  vendors: z.array(VendorSummarySchema),
  vendorsWithoutAccount: z.array(z.string()),
});
export type VendorsAnswer = z.infer<typeof VendorsAnswerSchema>;

export const VendorsQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  /** Applications by status; pending by default, since that is the admin's to-do list. */
  applicationStatus: z.enum([...APPLICATION_STATUSES, 'all']).default('pending'),
});

export const VENDOR_MESSAGES = {
  exists: 'A vendor with this name already exists',
  accountExists: 'An account with this e-mail already exists',
  decided: 'This application has already been decided',
  hasAccount: 'This vendor already has an account',
  unknownVendor: 'Unknown vendor',
  hasOrders: 'This vendor has orders: its order and payout records must stay, so it cannot be deleted',
  required: MSG.required,
} as const;
