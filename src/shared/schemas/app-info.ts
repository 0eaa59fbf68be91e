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
  colors: ColorsSchema,
  logo: LogoSchema,
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
