import { z } from 'zod';
import { LogoSchema, WordingsByLanguageSchema, WordingsSchema } from './registration.ts';
import { ColorsSchema, FeaturesSchema } from './settings.ts';

/** GET app/info: the signed-in user's store, as the server answers it and the shell reads it. */
export const AppInfoSchema = z.object({
  store: z.string(),
  shopName: z.string(),
  wordings: WordingsSchema,
  /** The admin's words in the other languages (wordingsIn resolves a language's words). */
  wordingsByLanguage: WordingsByLanguageSchema.optional(),
  features: FeaturesSchema,
  /** Whether vendors have a public page (settings.vendorPage.enabled): off, a vendor has no such screen. */
  vendorPages: z.boolean(),
  colors: ColorsSchema,
  logo: LogoSchema,
  /** The store's own storefront, where signing out leads (null: the built-in storefront, so the app's sign-in). */
  siteUrl: z.string().nullable(),
  /** The admin's own texts of the app, by language then "namespace:key" (settings.translations.dict, while the translations feature is on). */
  texts: z.record(z.string(), z.record(z.string(), z.string())),
  /** Where users get help (settings.support): the menu's help link, when an address is set. */
  support: z.object({ title: z.string(), email: z.string() }),
  user: z.object({
    email: z.string(),
    name: z.string().nullable(),
    vendor: z.string(),
    admin: z.boolean(),
    permissions: z.array(z.string()),
  }),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

/** GET app/status: the shell's counters and flags, in the caller's scope. */
export const AppStatusAnswerSchema = z.object({
  activeProducts: z.number(),
  draftProducts: z.number(),
  orders: z.number(),
  draftOrders: z.number(),
  shouldUpdate: z.boolean(),
  listingLimit: z.number().nullable(),
  missedMessages: z.number(),
  signature: z.string(),
  features: FeaturesSchema,
});

/** GET app/info/shop: the storefront's stock locations, sales channels and languages. */
export const ShopInfoSchema = z.object({
  locations: z.array(z.object({ id: z.string(), name: z.string() })),
  publications: z.array(z.object({ id: z.string(), name: z.string() })),
  locales: z.array(z.object({ locale: z.string(), primary: z.boolean(), published: z.boolean() })),
});
export type ShopInfo = z.infer<typeof ShopInfoSchema>;

/** POST app/track: a usage event and its few flat properties. */
export const TrackEventSchema = z.object({
  event: z.string().trim().min(1, 'Required field').max(100),
  properties: z
    .record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
    .refine((properties) => Object.keys(properties).length <= 50, 'At most 50 properties')
    .default({}),
});
