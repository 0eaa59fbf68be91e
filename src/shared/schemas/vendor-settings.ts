import { z } from 'zod';
import { MSG } from '../messages.ts';
import { calendarDate } from './calendar-date.ts';

const holidayDate = () => calendarDate('Must be a date like 2026-12-24');

/**
 * Holiday mode: from, to and message required when enabled; the message defaults to a dash
 * (DEFAULT_HOLIDAYS). PUT settings/holidays replaces the whole object, so every key is required.
 */
export const HolidaysSchema = z
  .object({
    enabled: z.boolean({ error: MSG.required }),
    from: z.union([z.literal(''), holidayDate()], { error: MSG.required }),
    to: z.union([z.literal(''), holidayDate()], { error: MSG.required }),
    message: z.string({ error: MSG.required }).max(1000),
  })
  .superRefine((h, ctx) => {
    if (!h.enabled) return;
    if (!h.from) ctx.addIssue({ code: 'custom', message: MSG.required, path: ['from'] });
    if (!h.to) ctx.addIssue({ code: 'custom', message: MSG.required, path: ['to'] });
    if (!h.message.trim()) ctx.addIssue({ code: 'custom', message: MSG.required, path: ['message'] });
    if (h.from && h.to && h.to <= h.from) ctx.addIssue({ code: 'custom', message: 'Should be before the start date', path: ['to'] });
  });
export type Holidays = z.infer<typeof HolidaysSchema>;
export const DEFAULT_HOLIDAYS: Holidays = { enabled: false, from: '', to: '', message: '-' };

const required = z.string({ error: MSG.required }).trim().min(1, MSG.required).max(200);

/** An address's fields (Shippo's address object, snake_case as the provider names them). */
export const ADDRESS_FIELDS = {
  name: required,
  company: z.string().trim().max(200).default(''),
  street1: required,
  street2: z.string().trim().max(200).default(''),
  city: required,
  state: z.string().trim().max(100).default(''),
  zip: required,
  country: z
    .string({ error: MSG.required })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Must be a 2-letter country code'),
  phone: required,
  email: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .pipe(z.email({ error: MSG.invalidEmail })),
  is_residential: z.boolean().default(false),
  metadata: z.string().max(500).default(''),
};

/** The state is required for the US and Australia. */
export const stateRequired: [(a: { country: string; state: string }) => boolean, { message: string; path: string[] }] = [
  (a) => !['US', 'AU'].includes(a.country) || a.state.length > 0,
  { message: 'State is required', path: ['state'] },
];

/** An address; ship-from rules (state required for US and AU). */
export const AddressSchema = z.object(ADDRESS_FIELDS).refine(...stateRequired);
export type Address = z.infer<typeof AddressSchema>;

export const DISTANCE_UNITS = ['cm', 'in', 'ft', 'm', 'mm', 'yd'] as const;
export const MASS_UNITS = ['g', 'kg', 'oz', 'lb'] as const;

const measure = z.number({ error: 'Must be a number' }).min(0, 'Must be 0 or more');

export const DefaultPackageSchema = z.object({
  length: measure,
  width: measure,
  height: measure,
  distanceUnit: z.enum(DISTANCE_UNITS),
  weight: measure,
  massUnit: z.enum(MASS_UNITS),
});
export const DEFAULT_PACKAGE: z.infer<typeof DefaultPackageSchema> = {
  length: 0,
  width: 0,
  height: 0,
  distanceUnit: 'cm',
  weight: 0,
  massUnit: 'kg',
};

export const LocalPickupSchema = z.object({
  enabled: z.boolean({ error: MSG.required }),
  instructions: z.string({ error: MSG.required }).max(1000),
});
export const DEFAULT_LOCAL_PICKUP: z.infer<typeof LocalPickupSchema> = { enabled: false, instructions: '' };

/** PUT settings/ship-from-address replaces all three parts, so all three are required. */
export const ShipFromSchema = z.object({
  shipFromAddress: AddressSchema,
  defaultPackage: DefaultPackageSchema,
  defaultLocalPickup: LocalPickupSchema,
});

export const CurrencySchema = z.object({
  displayCurrency: z
    .string({ error: MSG.required })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Must be a currency code like EUR'),
});

/**
 * A seller's tax details (what DAC7 and 1099-K reports ask for): all optional, empty until the
 * vendor fills them in. PUT settings/tax-details keeps the stored value of a key it is not sent.
 */
export const TaxDetailsSchema = z.object({
  legalName: z.string().trim().max(200).default(''),
  taxId: z.string().trim().max(50).default(''),
  address: z.string().trim().max(500).default(''),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'Must be a 2-letter country code')
    .default(''),
});
export type TaxDetails = z.infer<typeof TaxDetailsSchema>;
export const DEFAULT_TAX_DETAILS: TaxDetails = { legalName: '', taxId: '', address: '', country: '' };
/** The body of PUT settings/tax-details: any of the keys; an absent one keeps what is stored. */
export const TaxDetailsBodySchema = z.strictObject({
  legalName: TaxDetailsSchema.shape.legalName.removeDefault().optional(),
  taxId: TaxDetailsSchema.shape.taxId.removeDefault().optional(),
  address: TaxDetailsSchema.shape.address.removeDefault().optional(),
  country: TaxDetailsSchema.shape.country.removeDefault().optional(),
});

export const RESERVE_LIMITS = { maxDays: 365 } as const;
/**
 * A reserve an admin sets for a risky vendor: `percentage` of each paid order is held `days` more
 * after the order's normal payable date. 0 % is no reserve.
 */
export const ReserveSchema = z.object({
  percentage: z.number({ error: 'Must be a number' }).min(0, 'Must be between 0 and 100').max(100, 'Must be between 0 and 100'),
  days: z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number of days')
    .min(0, `Must be between 0 and ${RESERVE_LIMITS.maxDays}`)
    .max(RESERVE_LIMITS.maxDays, `Must be between 0 and ${RESERVE_LIMITS.maxDays}`),
});
export type Reserve = z.infer<typeof ReserveSchema>;
/** As stored: `since` is when the reserve began; it covers the orders payable from then on. */
export const StoredReserveSchema = ReserveSchema.extend({ since: z.string().nullable() });
export type StoredReserve = z.infer<typeof StoredReserveSchema>;
export const NO_RESERVE: StoredReserve = { percentage: 0, days: 0, since: null };

/**
 * A vendor's own settings (or the marketplace's, for an admin in the marketplace view). Commission
 * lines and delivery live in the same document under keys owned by their areas.
 */
export const VendorSettingsSchema = z.object({
  holidays: HolidaysSchema.default(DEFAULT_HOLIDAYS),
  shipFromAddress: AddressSchema.nullable().default(null),
  defaultPackage: DefaultPackageSchema.default(DEFAULT_PACKAGE),
  defaultLocalPickup: LocalPickupSchema.default(DEFAULT_LOCAL_PICKUP),
  displayCurrency: z.string().nullable().default(null),
  autoApprove: z.boolean().nullable().default(null),
  isManagedByMarketplace: z.boolean().default(false),
  /** Whether buyers may make offers on the vendor's products (while the store's makeAnOffer feature is on). */
  acceptsOffers: z.boolean().default(true),
  taxDetails: TaxDetailsSchema.default(DEFAULT_TAX_DETAILS),
  /** Set by an admin only (PUT payment/reserve); no vendor route writes it. */
  reserve: StoredReserveSchema.default(NO_RESERVE),
});
export type VendorSettings = z.infer<typeof VendorSettingsSchema>;

const LenientVendorSettings = z.object(
  Object.fromEntries(
    Object.entries(VendorSettingsSchema.shape).map(([key, schema]) => [
      key,
      (schema as z.ZodType).catch(() => (schema as z.ZodType).parse(undefined)),
    ]),
  ),
);

export function resolveVendorSettings(stored: unknown): VendorSettings {
  return LenientVendorSettings.parse(stored && typeof stored === 'object' ? stored : {}) as VendorSettings;
}
