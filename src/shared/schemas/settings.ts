import { z } from 'zod';
import { HexColorSchema } from './common.ts';
import { LogoSchema, RegistrationFieldSchema, WordingsSchema } from './registration.ts';

const flag = (enabled = false) => z.object({ enabled: z.boolean().default(enabled) }).default({ enabled });

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

export const ColorsSchema = z.object({
  indigo600: HexColorSchema.default('#4f46e5'),
  indigo800: HexColorSchema.default('#3730a3'),
  orange800: HexColorSchema.default('#9a3412'),
  green800: HexColorSchema.default('#166534'),
});

export const FeaturesSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((f) => [f, flag(f === 'dashboard' || f === 'catalog')])) as Record<
    FeatureFlag,
    ReturnType<typeof flag>
  >,
);
export type Features = z.infer<typeof FeaturesSchema>;

/**
 * The settings object of spec §3 with the spec's defaults. Stored per store as JSON; parsing a
 * stored (possibly partial) object through this schema fills in every default.
 */
export const SettingsSchema = z.object({
  colors: ColorsSchema.default(ColorsSchema.parse({})),
  features: FeaturesSchema.default(FeaturesSchema.parse({})),
  wordings: WordingsSchema.default(WordingsSchema.parse({})),
  logoRegistration: LogoSchema.default(LogoSchema.parse({})),
  logoText: LogoSchema.default(LogoSchema.parse({})),
  registration: z
    .object({
      fields: z.array(RegistrationFieldSchema).default([]),
      enableApproval: z.boolean().default(true),
    })
    .default({ fields: [], enableApproval: true }),
  support: z
    .object({ title: z.string().default(''), email: z.string().default('') })
    .default({ title: '', email: '' }),
  notifications: z
    .object({ sendingEmail: z.string().default(''), disableAll: z.boolean().default(false) })
    .loose()
    .default({ sendingEmail: '', disableAll: false }),
  hasBeenOnBoarded: z.boolean().default(false),
  defaultUnits: z
    .object({ length: z.string().default('cm'), weight: z.string().default('KILOGRAMS') })
    .default({ length: 'cm', weight: 'KILOGRAMS' }),
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
  orders: z
    .object({ hiddenFields: z.array(z.string()).default(['billing', 'customerEmail', 'customerPhone']) })
    .default({ hiddenFields: ['billing', 'customerEmail', 'customerPhone'] }),
}).loose();
export type Settings = z.infer<typeof SettingsSchema>;

/** The stored settings of a store with every default filled in. */
export function resolveSettings(stored: unknown): Settings {
  const parsed = SettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : SettingsSchema.parse({});
}
