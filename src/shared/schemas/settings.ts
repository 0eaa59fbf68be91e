import { z } from 'zod';
import { ProductReviewRulesSchema } from './product-review-rules.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../days.ts';
import { MSG } from '../messages.ts';
import { ConversationSettingsSchema } from './conversations.ts';
import { OfferSettingsSchema } from './offers.ts';
import { HexColorSchema } from './common.ts';
import { LogoSchema, RegistrationFieldSchema, WordingsByLanguageSchema, WordingsSchema } from './registration.ts';
import {
  DEFAULT_HOLIDAYS,
  DEFAULT_LOCAL_PICKUP,
  DEFAULT_PACKAGE,
  DefaultPackageSchema,
  HolidaysSchema,
  LocalPickupSchema,
  AddressSchema,
  type VendorSettings,
} from './vendor-settings.ts';

export const FEATURE_FLAGS = [
  'comments',
  'delivery',
  'specifications',
  'useFinanceV2',
  'display',
  'autoFulfillDigital',
  'discounts',
  'makeAnOffer',
  'messages',
  'holidayMode',
  'currencies',
  'integrations',
  'translations',
  'auditLogs',
  'dashboard',
  'catalog',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/**
 * Flags the API keeps (clients may send them) that switch nothing in this product: there is one
 * finance area, no comments, and no storefront display of our own; product specifications are the
 * metafields, which every store has. The settings screen does not offer them, so no switch there
 * pretends to change something.
 */
export const INERT_FEATURE_FLAGS: readonly FeatureFlag[] = ['comments', 'display', 'specifications', 'useFinanceV2'];
/** The flags the settings screen offers. */
export const SWITCHABLE_FEATURE_FLAGS = FEATURE_FLAGS.filter((flag) => !INERT_FEATURE_FLAGS.includes(flag));

/** Features on by default: the ones a new marketplace needs to see its data. */
const FEATURES_ON = new Set<FeatureFlag>(['dashboard', 'catalog']);

/** The retention choices of the change history, in months (6 months to 7 years). */
export const AUDIT_RETENTION_MONTHS = [6, 12, 24, 36, 60, 84] as const;

export const LENGTH_UNITS = ['cm', 'in', 'ft', 'm', 'mm', 'yd'] as const;
export const WEIGHT_UNITS = ['GRAMS', 'KILOGRAMS', 'OUNCES', 'POUNDS'] as const;

const flag = (enabled: boolean) => z.object({ enabled: z.boolean() }).default({ enabled });
const integer = (min: number, max: number, label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const ColorsSchema = z.object({
  indigo600: HexColorSchema.default('#4f46e5'),
  indigo800: HexColorSchema.default('#3730a3'),
  orange800: HexColorSchema.default('#9a3412'),
  green800: HexColorSchema.default('#166534'),
});

export const FeaturesSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((f) => [f, flag(FEATURES_ON.has(f))])) as Record<FeatureFlag, ReturnType<typeof flag>>,
);
export type Features = z.infer<typeof FeaturesSchema>;

const range = (max: number, label: string, defaults: { min: number; max: number }) =>
  z
    .object({ min: integer(0, max, label), max: integer(0, max, label) })
    .refine((r) => r.max >= r.min, { message: 'Max should not be below min', path: ['max'] })
    .default(defaults);

/** Store-wide limits on what vendors enter (spec: "Input limits"). */
export const InputLimitSchema = z.object({
  title: range(100_000, 'Title length', { min: 3, max: 255 }),
  description: range(100_000, 'Description length', { min: 0, max: 100_000 }),
  images: range(100, 'Image count', { min: 0, max: 100 }),
});
export type InputLimit = z.infer<typeof InputLimitSchema>;

/** A logo as configured by an admin: the text value, when used, needs at least 3 characters. */
export const EditableLogoSchema = LogoSchema.refine((l) => l.selected !== 'value' || l.value.trim().length >= 3, {
  message: 'Must be at least 3 characters',
  path: ['value'],
});

/** A manual payment method of the built-in checkout: whether it is offered, and what the buyer is told to do. */
const ManualMethodSchema = z.object({
  enabled: z.boolean().default(false),
  instructions: z.string().trim().max(2000, 'Must be at most 2000 characters').default(''),
});

const email = z.union([z.literal(''), z.email({ error: MSG.invalidEmail })]);
const url = z.union([z.literal(''), z.url({ error: MSG.invalidUrl })]);

/**
 * The settings object, section by section, each with the spec's defaults. Areas that
 * own a section (commissions, delivery, notifications) keep their stricter schemas in their own
 * files and validate their writes; here they are carried as they are.
 */
export const SETTINGS_SECTIONS = {
  colors: ColorsSchema.default(ColorsSchema.parse({})),
  features: FeaturesSchema.default(FeaturesSchema.parse({})),
  translations: z
    .object({
      enabled: z.boolean().default(false),
      locales: z
        .array(z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Must be a locale like nl or pt-BR'))
        .max(50)
        .default([]),
      dict: z.record(z.string(), z.record(z.string(), z.string().max(5000))).default({}),
    })
    .default({ enabled: false, locales: [], dict: {} }),
  vendorPage: z
    .object({
      enabled: z.boolean().default(false),
      autoApprove: z.boolean().default(false),
      collectionTemplate: z.string().max(200).default(''),
      sections: z
        .array(z.object({ name: z.string().trim().min(1, MSG.required).max(200), keys: z.array(z.string()).default([]) }))
        .default([]),
    })
    .default({ enabled: false, autoApprove: false, collectionTemplate: '', sections: [] }),
  defaultCommissions: z
    .object({ min: z.number().min(0).default(0), percentage: z.number().min(0).max(100).default(10) })
    .default({ min: 0, percentage: 10 }),
  hasBeenOnBoarded: z.boolean().default(false),
  inputLimit: InputLimitSchema.default(InputLimitSchema.parse({})),
  logoRegistration: EditableLogoSchema.default(LogoSchema.parse({})),
  logoText: EditableLogoSchema.default(LogoSchema.parse({})),
  membership: z
    .object({
      enabled: z.boolean().default(false),
      products: z.number().int().min(0).nullable().default(null),
      trialDays: integer(0, 365, 'Trial days').default(0),
      documentationUrl: url.default(''),
    })
    .default({ enabled: false, products: null, trialDays: 0, documentationUrl: '' }),
  notifications: z
    .object({ sendingEmail: email.default(''), disableAll: z.boolean().default(false) })
    .loose()
    .default({ sendingEmail: '', disableAll: false }),
  payments: z
    .object({
      stripeConnect: z
        .object({ enabled: z.boolean().default(false), isTestKey: z.boolean().default(true) })
        .default({ enabled: false, isTestKey: true }),
      paypal: z
        .object({ enabled: z.boolean().default(false), isSandbox: z.boolean().default(true) })
        .default({ enabled: false, isSandbox: true }),
      schedule: z.enum(['manual', 'weekly', 'monthly']).default('manual'),
      /** Automated payouts pay an order this many days after it was fulfilled (time for returns). */
      holdingDays: integer(0, 365, 'Holding days').default(14),
      /** Automated payouts skip a vendor whose amount is below this (major units of the currency). */
      minimumPayout: z.number().min(0, 'Must be at least 0').max(1_000_000_000).default(0),
      /** The manual payment methods the built-in checkout offers; the buyer's order waits until an admin marks it paid. */
      manualMethods: z
        .object({
          bankTransfer: ManualMethodSchema.default({ enabled: false, instructions: '' }),
          cashOnDelivery: ManualMethodSchema.default({ enabled: false, instructions: '' }),
        })
        .default({ bankTransfer: { enabled: false, instructions: '' }, cashOnDelivery: { enabled: false, instructions: '' } }),
    })
    .default({
      stripeConnect: { enabled: false, isTestKey: true },
      paypal: { enabled: false, isSandbox: true },
      schedule: 'manual',
      holdingDays: 14,
      minimumPayout: 0,
      manualMethods: { bankTransfer: { enabled: false, instructions: '' }, cashOnDelivery: { enabled: false, instructions: '' } },
    }),
  registration: z
    .object({ fields: z.array(RegistrationFieldSchema).default([]), enableApproval: z.boolean().default(true) })
    .default({ fields: [], enableApproval: true }),
  sections: z.array(z.string().max(100)).default([]),
  support: z.object({ title: z.string().max(200).default(''), email: email.default('') }).default({ title: '', email: '' }),
  /** The theme template the storefront platform shows pushed products with ('' = the theme's default). */
  templateSuffix: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_-]*$/i, 'Use letters, digits, - and _ only')
    .default(''),
  wordings: WordingsSchema.default(WordingsSchema.parse({})),
  /** The words in the other languages of the screens; `wordings` stays the English (and the spec's) one. */
  wordingsByLanguage: WordingsByLanguageSchema.default({}),
  variants: z.object({ enabled: z.boolean().default(true) }).default({ enabled: true }),
  financeConfig: z
    .object({
      includeDiscount: z.boolean().default(false),
      includeShipping: z.boolean().default(false),
      includeTax: z.boolean().default(true),
      shippingInPayout: z.boolean().default(true),
      discountInPayout: z.boolean().default(false),
      taxInPayout: z.boolean().default(false),
    })
    .default({
      includeDiscount: false,
      includeShipping: false,
      includeTax: true,
      shippingInPayout: true,
      discountInPayout: false,
      taxInPayout: false,
    }),
  appearance: z.object({ useNextMenu: z.enum(['classic', 'all']).default('classic') }).default({ useNextMenu: 'classic' }),
  autoApprove: z.object({ enabledDefault: z.boolean().default(false) }).default({ enabledDefault: false }),
  /** Which edits of a live product wait for an admin (vendors without auto-approval). */
  productReview: ProductReviewRulesSchema.default(ProductReviewRulesSchema.parse({})),
  defaultUnits: z
    .object({ length: z.enum(LENGTH_UNITS).default('cm'), weight: z.enum(WEIGHT_UNITS).default('KILOGRAMS') })
    .default({ length: 'cm', weight: 'KILOGRAMS' }),
  orders: z
    .object({ hiddenFields: z.array(z.string().max(100)).default(['billing', 'customerEmail', 'customerPhone']) })
    .default({ hiddenFields: ['billing', 'customerEmail', 'customerPhone'] }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Must be a currency code like EUR')
    .default('USD'),
  /** The store's IANA time zone: the dashboard's days begin and end at its midnight. */
  timeZone: z.string().refine(isTimeZone, 'Must be a time zone from the list').default(DEFAULT_TIME_ZONE),
  /** The marketplace's own holiday mode and ship-from address (vendors keep theirs in vendor settings). */
  holidays: HolidaysSchema.default(DEFAULT_HOLIDAYS),
  shipFrom: z
    .object({
      shipFromAddress: AddressSchema.nullable().default(null),
      defaultPackage: DefaultPackageSchema.default(DEFAULT_PACKAGE),
      defaultLocalPickup: LocalPickupSchema.default(DEFAULT_LOCAL_PICKUP),
    })
    .default({ shipFromAddress: null, defaultPackage: DEFAULT_PACKAGE, defaultLocalPickup: DEFAULT_LOCAL_PICKUP }),
  conversations: ConversationSettingsSchema.default(ConversationSettingsSchema.parse({})),
  offers: OfferSettingsSchema.default(OfferSettingsSchema.parse({})),
  commissions: z.array(z.unknown()).optional(),
  delivery: z.unknown().optional(),
  /** How long the change history is kept; older months are dropped whole by a daily job. */
  auditLog: z
    .object({ retentionMonths: z.union(AUDIT_RETENTION_MONTHS.map((months) => z.literal(months))).default(24) })
    .default({ retentionMonths: 24 }),
};

export type SettingsSection = keyof typeof SETTINGS_SECTIONS;

/** Validates a whole settings object (what an admin saves). Unknown keys are refused. */
export const SettingsSchema = z.strictObject(SETTINGS_SECTIONS);
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * Reading is lenient per section: a stored section that no longer validates (an older format)
 * falls back to its defaults without losing the other sections.
 */
const LenientSettingsSchema = z.object(
  Object.fromEntries(
    Object.entries(SETTINGS_SECTIONS).map(([key, schema]) => [
      key,
      (schema as z.ZodType).catch(() => (schema as z.ZodType).parse(undefined)),
    ]),
  ) as unknown as typeof SETTINGS_SECTIONS,
);

/** The feature flags of a stored settings object (`settings.features`), defaults filled in. */
export function resolveFeatures(stored: unknown): Features {
  return LenientSettingsSchema.shape.features.parse(stored ?? undefined) as Features;
}

/** The stored settings of a store with every default filled in. */
export function resolveSettings(stored: unknown): Settings {
  return LenientSettingsSchema.parse(stored && typeof stored === 'object' ? stored : {}) as Settings;
}

/**
 * Whether a vendor's new variants offer local pickup unless told otherwise: the defaultLocalPickup
 * saved with the vendor's ship-from address, or the marketplace's while the vendor has no address of
 * its own (it ships from the marketplace's then, as its labels and live rates do), and in the
 * marketplace view.
 */
export function localPickupByDefault(settings: Settings, vendorSettings: VendorSettings | null): boolean {
  return (vendorSettings?.shipFromAddress ? vendorSettings : settings.shipFrom).defaultLocalPickup.enabled;
}

/** Sections with their own calls and rules (secrets included): never changed through the generic patch. */
const OWNED_ELSEWHERE = ['notifications', 'commissions', 'delivery'] as const;
export const PATCHABLE_SECTIONS = (Object.keys(SETTINGS_SECTIONS) as SettingsSection[]).filter(
  (key) => !(OWNED_ELSEWHERE as readonly string[]).includes(key),
) as [SettingsSection, ...SettingsSection[]];

/**
 * What an admin may change through PATCH app/info/features: any patchable sections, each
 * deep-merged by the server into the stored settings and then validated whole with SettingsSchema.
 */
export const SettingsPatchSchema = z.record(z.string(), z.unknown()).superRefine((patch, ctx) => {
  for (const key of Object.keys(patch)) {
    if (!(PATCHABLE_SECTIONS as string[]).includes(key))
      ctx.addIssue({ code: 'custom', message: 'This setting cannot be changed here', path: [key] });
  }
});

const isObject = (value: unknown) => typeof value === 'object' && value !== null;
/** Settings as the server answers them: checked whole when written, with defaults filled in on read, so not checked again on the way out. */
const AnsweredSettings = z.custom<Settings>(isObject);

/** GET settings?forVendor=. */
export const SettingsQuerySchema = z.object({ forVendor: z.string().trim().max(200).optional() });
/** GET settings: the store's settings and the vendor's own (null in the admin's marketplace view). */
export const SettingsAnswerSchema = z.object({ settings: AnsweredSettings, vendorSettings: z.custom<VendorSettings>(isObject).nullable() });
export type SettingsAnswer = z.infer<typeof SettingsAnswerSchema>;
/** The answer of a call that changes store settings: all of them, as stored. */
export const StoreSettingsAnswerSchema = z.object({ settings: AnsweredSettings });
/** PATCH app/info/features. */
export const PatchFeaturesSchema = z.object({ features: SettingsPatchSchema });
