import { z } from 'zod';
import { MSG } from '../messages.ts';
import { EmailSchema, requiredText } from './common.ts';

/** A vendor's name is the value the storefront platform carries on its products. */
export const VendorNameSchema = requiredText(200);

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
  .object({ oldVendor: VendorNameSchema, newVendor: VendorNameSchema })
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
