import { z } from 'zod';
import { MSG } from '../messages.ts';
import { AccountLanguageSchema } from './account.ts';
import { EmailSchema, StoreIdSchema, requiredText } from './common.ts';

export const REGISTRATION_FIELD_TYPES = [
  'text',
  'textarea',
  'richtext',
  'checkbox',
  'select',
  'file',
  'terms',
  'video',
  'image',
  'media',
] as const;
export type RegistrationFieldType = (typeof REGISTRATION_FIELD_TYPES)[number];

/**
 * The languages of the screens other than English: `wordings` (the spec's shape) holds the English
 * words, `wordingsByLanguage` the admin's word per language, each left out or blank for the plain
 * word of that language below. Plain words only, singular and plural: a language's texts are
 * written around them (German capitalises its nouns, so its words are capitalised).
 */
export const WORDING_LANGUAGES = ['nl', 'de', 'fr', 'es'] as const;
export type WordingLanguage = (typeof WORDING_LANGUAGES)[number];

/** A question's words in another language; blank shows the English ones. */
const QuestionWordsSchema = z.object({
  name: z.string().trim().max(200).optional().default(''),
  description: z.string().max(5000).optional().default(''),
});

/**
 * The question and its help text in the other languages of the screens, written by the admin
 * beside the English ones (the choices of a list stay as written: they are the stored answers).
 */
const QuestionTranslationsSchema = z.partialRecord(z.enum(WORDING_LANGUAGES), QuestionWordsSchema);

export const RegistrationFieldSchema = z.object({
  key: z.string().trim().min(1, MSG.required).max(100),
  name: z.string().trim().min(1, MSG.required).max(200),
  type: z.enum(REGISTRATION_FIELD_TYPES).default('text'),
  required: z.boolean().default(false),
  description: z.string().max(5000).optional().default(''),
  options: z.array(z.string().max(200)).max(200).optional().default([]),
  link: z.string().max(2000).optional().default(''),
  translations: QuestionTranslationsSchema.optional(),
});
export type RegistrationField = z.infer<typeof RegistrationFieldSchema>;

/** A question in the reader's language: the admin's words for it there, else the English ones. */
export function questionIn(field: RegistrationField, language: string): RegistrationField {
  const words = field.translations?.[language.split('-')[0] as WordingLanguage];
  return { ...field, name: words?.name || field.name, description: words?.description || field.description };
}

/** A field as an admin saves it: the definition rules (links, choices) on top. */
export const EditableRegistrationFieldSchema = RegistrationFieldSchema.superRefine((field, ctx) => {
  if ((field.type === 'terms' || field.type === 'video') && !field.link)
    ctx.addIssue({ code: 'custom', message: MSG.required, path: ['link'] });
  if (field.link && !z.url().safeParse(field.link).success) ctx.addIssue({ code: 'custom', message: MSG.invalidUrl, path: ['link'] });
  if (field.type === 'checkbox' && field.options.length < 1)
    ctx.addIssue({ code: 'custom', message: 'There should be at least one choice', path: ['options'] });
  if (field.type === 'select' && field.options.length < 2)
    ctx.addIssue({ code: 'custom', message: 'There should be at least two choices', path: ['options'] });
});

/** PUT app/metafields/collection and its form: the registration fields and whether applications are open. */
export const RegistrationFormSettingsSchema = z.object({
  fields: z
    .array(EditableRegistrationFieldSchema)
    .max(100)
    .refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, 'Each field needs its own key'),
  enableApproval: z.boolean(),
});

export const LogoSchema = z.object({
  value: z.string().default(''),
  src: z.string().default(''),
  selected: z.enum(['value', 'src', 'default']).default('default'),
});
export type Logo = z.infer<typeof LogoSchema>;

export const WordingsSchema = z.object({
  vendor: z.string().default('vendor'),
  vendors: z.string().default('vendors'),
  product: z.string().default('product'),
  products: z.string().default('products'),
  specification: z.string().default('specification'),
  commission: z.string().default('commission'),
  finance: z.string().default('finance'),
  marketplace: z.string().default('marketplace'),
});
export type Wordings = z.infer<typeof WordingsSchema>;
export type WordingKey = keyof Wordings;
export const WORDING_KEYS = Object.keys(WordingsSchema.shape) as WordingKey[];
const ENGLISH_WORDINGS: Wordings = WordingsSchema.parse({});

export const LANGUAGE_WORDINGS: Record<WordingLanguage, Wordings> = {
  nl: {
    vendor: 'verkoper',
    vendors: 'verkopers',
    product: 'product',
    products: 'producten',
    specification: 'specificatie',
    commission: 'commissie',
    finance: 'financiën',
    marketplace: 'marktplaats',
  },
  de: {
    vendor: 'Verkäufer',
    vendors: 'Verkäufer',
    product: 'Produkt',
    products: 'Produkte',
    specification: 'Spezifikation',
    commission: 'Provision',
    finance: 'Finanzen',
    marketplace: 'Marktplatz',
  },
  fr: {
    vendor: 'vendeur',
    vendors: 'vendeurs',
    product: 'produit',
    products: 'produits',
    specification: 'spécification',
    commission: 'commission',
    finance: 'finances',
    marketplace: 'place de marché',
  },
  es: {
    vendor: 'vendedor',
    vendors: 'vendedores',
    product: 'producto',
    products: 'productos',
    specification: 'especificación',
    commission: 'comisión',
    finance: 'finanzas',
    marketplace: 'mercado',
  },
};

const languageWord = z.string().trim().max(100, 'Must be at most 100 characters').optional();
export const LanguageWordingsSchema = z.strictObject(
  Object.fromEntries(WORDING_KEYS.map((key) => [key, languageWord])) as Record<WordingKey, typeof languageWord>,
);
export const WordingsByLanguageSchema = z.strictObject(
  Object.fromEntries(WORDING_LANGUAGES.map((language) => [language, LanguageWordingsSchema.optional()])) as Record<
    WordingLanguage,
    z.ZodOptional<typeof LanguageWordingsSchema>
  >,
);
export type WordingsByLanguage = z.infer<typeof WordingsByLanguageSchema>;

/**
 * The store's words in one language: English is `wordings`; another language takes the admin's
 * word for it, else that language's plain word (not the English one: an admin's "seller" is English).
 */
export function wordingsIn(language: string, wordings: Wordings, byLanguage: WordingsByLanguage = {}): Wordings {
  const base = language.toLowerCase().split('-')[0];
  const other = (WORDING_LANGUAGES as readonly string[]).includes(base) ? (base as WordingLanguage) : null;
  const own: Partial<Wordings> = other ? (byLanguage[other] ?? {}) : wordings;
  const plain = other ? LANGUAGE_WORDINGS[other] : ENGLISH_WORDINGS;
  return Object.fromEntries(WORDING_KEYS.map((key) => [key, own[key]?.trim() || plain[key]])) as Wordings;
}

/** GET store/registration: the store to show, else the host's mapping or DEFAULT_STORE. */
export const StoreRegistrationQuerySchema = z.object({ store: StoreIdSchema.optional() });

export const StoreRegistrationSchema = z.object({
  store: z.string(),
  shopName: z.string(),
  requireApproval: z.boolean(),
  registrationFields: z.array(RegistrationFieldSchema),
  logo: LogoSchema,
  wordings: WordingsSchema,
  wordingsByLanguage: WordingsByLanguageSchema.optional(),
  /** The store's colours, so the public screens can brand themselves (theme colour = indigo600). */
  colors: z.record(z.string(), z.string()),
});
export type StoreRegistration = z.infer<typeof StoreRegistrationSchema>;

/** A field answer: text for most types, a list of choices for checkbox, one or more media values for media. */
export const FieldValueSchema = z.union([z.string().max(20_000), z.array(z.string().max(2000)).max(50), z.boolean()]);
export type FieldValue = z.infer<typeof FieldValueSchema>;

export const ApplicationFieldSchema = z.object({
  key: z.string().max(100),
  value: FieldValueSchema,
  name: z.string().max(200).optional().default(''),
});

export function isEmptyValue(value: FieldValue | undefined | null): boolean {
  if (value == null) return true;
  if (typeof value === 'boolean') return value === false;
  if (Array.isArray(value)) return value.filter((v) => v.trim() !== '').length === 0;
  return value.trim() === '';
}

/** The payload of POST vendor/application, without the store-specific field rules. */
export const VendorApplicationSchema = z.object({
  store: StoreIdSchema,
  vendorName: requiredText(200),
  email: EmailSchema,
  fields: z.array(ApplicationFieldSchema).max(200).default([]),
  /** The language the applicant reads the form in: its mails speak it, and so does the account approval creates. */
  language: AccountLanguageSchema.optional(),
});
export type VendorApplication = z.infer<typeof VendorApplicationSchema>;

/**
 * The application schema of one store: the base payload plus each registration field the store
 * marks required ("Required field"), and select answers limited to the field's options. The form
 * and the server both validate with this, so a rule cannot differ between them.
 */
export function vendorApplicationSchemaFor(definitions: RegistrationField[]) {
  return VendorApplicationSchema.superRefine((application, ctx) => {
    const answers = new Map(application.fields.map((f) => [f.key, f.value]));
    definitions.forEach((definition) => {
      // A video field shows a video; there is nothing to answer, so it is never required.
      if (definition.type === 'video') return;
      const value = answers.get(definition.key);
      const path = ['fields', definition.key];
      if (definition.required && isEmptyValue(value)) {
        ctx.addIssue({ code: 'custom', message: MSG.required, path });
        return;
      }
      if (value == null || isEmptyValue(value)) return;
      const chosen = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
      if ((definition.type === 'select' || definition.type === 'checkbox') && definition.options.length > 0) {
        if (chosen.some((c) => !definition.options.includes(c))) {
          ctx.addIssue({ code: 'custom', message: 'Choose one of the options', path });
        }
      }
    });
  });
}
