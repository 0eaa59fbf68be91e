import { z } from 'zod';
import { MSG } from '../messages.ts';
import { EmailSchema, StoreIdSchema, requiredText } from './common.ts';

/** Bounds of what a buyer may send through the public message calls. */
export const PUBLIC_MESSAGE_MAX = 5000;
export const CONTACT_FORM_MAX_FIELDS = 30;
export const CONTACT_FORM_KEY_MAX = 100;

/** The store a public call is for; without it the server goes by the host mapping or DEFAULT_STORE. */
const OptionalStore = StoreIdSchema.optional();

/** POST message/send: a buyer's message to the marketplace's support. */
export const SendMessageSchema = z.object({
  store: OptionalStore,
  email: EmailSchema,
  body: requiredText(PUBLIC_MESSAGE_MAX),
});
export type SendMessage = z.infer<typeof SendMessageSchema>;

// Keys become object keys and mail lines; names that reach the prototype are never keys.
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const ContactFieldKeySchema = z
  .string()
  .trim()
  .min(1, MSG.required)
  .max(CONTACT_FORM_KEY_MAX, `Must be at most ${CONTACT_FORM_KEY_MAX} characters`)
  .refine((key) => !RESERVED_KEYS.has(key), 'Not an allowed field name');

/**
 * POST message/contact-form: the fields of a storefront contact form, whatever the theme names them.
 * An `email` field, when the form has one, must be an address (support replies to it).
 */
export const ContactFormSchema = z.object({
  store: OptionalStore,
  data: z
    .record(
      ContactFieldKeySchema,
      z.string({ error: 'Must be text' }).max(PUBLIC_MESSAGE_MAX, `Must be at most ${PUBLIC_MESSAGE_MAX} characters`),
      {
        // A bad key reports what is wrong with it, not that the whole object is missing.
        error: (issue) =>
          issue.code === 'invalid_key' ? issue.issues?.[0]?.message : issue.code === 'invalid_type' ? MSG.required : undefined,
      },
    )
    .refine((data) => Object.keys(data).length > 0, MSG.required)
    .refine((data) => Object.keys(data).length <= CONTACT_FORM_MAX_FIELDS, `At most ${CONTACT_FORM_MAX_FIELDS} fields`)
    .superRefine((data, issue) => {
      if (data.email === undefined) return;
      const email = EmailSchema.safeParse(data.email);
      if (!email.success) issue.addIssue({ code: 'custom', path: ['email'], message: email.error.issues[0]?.message ?? MSG.invalidEmail });
    }),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

/** POST message/subscribe: a buyer asks for the marketplace's news. */
export const SubscribeSchema = z.object({
  store: OptionalStore,
  email: EmailSchema,
});
export type Subscribe = z.infer<typeof SubscribeSchema>;

export const PublicOkSchema = z.object({ ok: z.literal(true) });

/** GET styles.css and GET subscription/changed name their store in the query. */
export const StoreQuerySchema = z.object({ store: OptionalStore });
export const RequiredStoreQuerySchema = z.object({ store: StoreIdSchema });

/** GET logo/{store} when the logo is not an image to redirect to. */
export const PublicLogoSchema = z.object({
  value: z.string(),
  src: z.string(),
  selected: z.enum(['value', 'src', 'default']),
  shopName: z.string(),
});
export type PublicLogo = z.infer<typeof PublicLogoSchema>;

// ---- Storefront platform OAuth install (auth/{name}/request|confirm, auth/request-token-seller) ----

/** The platform's shop domains; anything else is refused before it becomes a redirect target. */
export const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-_]*\.myshopify\.com$/;
export const ShopDomainSchema = z
  .string({ error: MSG.required })
  .max(255)
  .regex(SHOP_DOMAIN, 'Must be a shop domain like name.myshopify.com');

const Hmac = z.string({ error: MSG.required }).min(1, MSG.required).max(256);
const Timestamp = z.string({ error: MSG.required }).regex(/^\d{1,12}$/, 'Must be a Unix time in seconds');

export const PlatformNameParamsSchema = z.object({ name: z.string().max(50) });

/*
 * The platform's signed queries are loose: it signs every parameter it sends, including ones it adds
 * later (locale, session...), and those must pass the strict check that other query strings get.
 */
export const OAuthRequestQuerySchema = z
  .object({
    embedded: z.string().max(10).optional(),
    hmac: Hmac,
    host: z.string().max(500).optional(),
    shop: ShopDomainSchema,
    timestamp: Timestamp,
  })
  .loose();

export const OAuthConfirmQuerySchema = z
  .object({
    code: z.string({ error: MSG.required }).min(1, MSG.required).max(500),
    hmac: Hmac,
    host: z.string().max(500).optional(),
    shop: ShopDomainSchema,
    state: z.string({ error: MSG.required }).min(1, MSG.required).max(200),
    timestamp: Timestamp,
  })
  .loose();

export const SellerTokenQuerySchema = z
  .object({
    shop: ShopDomainSchema,
    hmac: Hmac,
    timestamp: Timestamp.optional(),
  })
  .loose();
