import { z } from 'zod';
import { MSG } from '../messages.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Holiday mode (spec §5): from, to and message required when enabled; the message defaults to a dash. */
export const HolidaysSchema = z
  .object({
    enabled: z.boolean().default(false),
    from: z.union([z.literal(''), z.string().regex(DATE, 'Must be a date like 2026-12-24')]).default(''),
    to: z.union([z.literal(''), z.string().regex(DATE, 'Must be a date like 2026-12-24')]).default(''),
    message: z.string().max(1000).default('-'),
  })
  .superRefine((h, ctx) => {
    if (!h.enabled) return;
    if (!h.from) ctx.addIssue({ code: 'custom', message: MSG.required, path: ['from'] });
    if (!h.to) ctx.addIssue({ code: 'custom', message: MSG.required, path: ['to'] });
    if (!h.message.trim()) ctx.addIssue({ code: 'custom', message: MSG.required, path: ['message'] });
    if (h.from && h.to && h.to <= h.from) ctx.addIssue({ code: 'custom', message: 'Should be before the start date', path: ['to'] });
  });
export type Holidays = z.infer<typeof HolidaysSchema>;

const required = z.string({ error: MSG.required }).trim().min(1, MSG.required).max(200);

/** Spec §3 "Address"; ship-from rules of spec §5 (state required for US and AU). */
export const AddressSchema = z
  .object({
    name: required,
    company: z.string().trim().max(200).default(''),
    street1: required,
    street2: z.string().trim().max(200).default(''),
    city: required,
    state: z.string().trim().max(100).default(''),
    zip: required,
    country: z.string({ error: MSG.required }).trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Must be a 2-letter country code'),
    phone: required,
    email: z.string({ error: MSG.required }).trim().min(1, MSG.required).pipe(z.email({ error: MSG.invalidEmail })),
    is_residential: z.boolean().default(false),
    metadata: z.string().max(500).default(''),
  })
  .refine((a) => !['US', 'AU'].includes(a.country) || a.state.length > 0, { message: 'State is required', path: ['state'] });
export type Address = z.infer<typeof AddressSchema>;

export const DISTANCE_UNITS = ['cm', 'in', 'ft', 'm', 'mm', 'yd'] as const;
export const MASS_UNITS = ['g', 'kg', 'oz', 'lb'] as const;

const measure = z.number({ error: 'Must be a number' }).min(0, 'Must be 0 or more');

export const DefaultPackageSchema = z.object({
  length: measure.default(0),
  width: measure.default(0),
  height: measure.default(0),
  distanceUnit: z.enum(DISTANCE_UNITS).default('cm'),
  weight: measure.default(0),
  massUnit: z.enum(MASS_UNITS).default('kg'),
});

export const LocalPickupSchema = z.object({
  enabled: z.boolean().default(false),
  instructions: z.string().max(1000).default(''),
});

export const ShipFromSchema = z.object({
  shipFromAddress: AddressSchema,
  defaultPackage: DefaultPackageSchema.default(DefaultPackageSchema.parse({})),
  defaultLocalPickup: LocalPickupSchema.default({ enabled: false, instructions: '' }),
});

export const CurrencySchema = z.object({
  displayCurrency: z.string({ error: MSG.required }).trim().toUpperCase().regex(/^[A-Z]{3}$/, 'Must be a currency code like EUR'),
});

/**
 * A vendor's own settings (or the marketplace's, for an admin in the marketplace view). Commission
 * lines and delivery live in the same document under keys owned by their areas.
 */
export const VendorSettingsSchema = z.object({
  holidays: HolidaysSchema.default({ enabled: false, from: '', to: '', message: '-' }),
  shipFromAddress: AddressSchema.nullable().default(null),
  defaultPackage: DefaultPackageSchema.default(DefaultPackageSchema.parse({})),
  defaultLocalPickup: LocalPickupSchema.default({ enabled: false, instructions: '' }),
  displayCurrency: z.string().nullable().default(null),
  autoApprove: z.boolean().nullable().default(null),
  isManagedByMarketplace: z.boolean().default(false),
});
export type VendorSettings = z.infer<typeof VendorSettingsSchema>;

const LenientVendorSettings = z.object(
  Object.fromEntries(
    Object.entries(VendorSettingsSchema.shape).map(([key, schema]) => [key, (schema as z.ZodType).catch(() => (schema as z.ZodType).parse(undefined))]),
  ),
);

export function resolveVendorSettings(stored: unknown): VendorSettings {
  return LenientVendorSettings.parse(stored && typeof stored === 'object' ? stored : {}) as VendorSettings;
}
