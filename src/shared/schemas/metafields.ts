import { z } from 'zod';
import { MSG } from '../messages.ts';

export const METAFIELD_TYPES = [
  'input',
  'textarea',
  'select',
  'checkbox',
  'product',
  'terms',
  'video',
  'file',
  'image',
  'media',
  'richtext',
  'date',
  'date_time',
  'url',
  'list_media',
] as const;
export type MetafieldType = (typeof METAFIELD_TYPES)[number];

export const METAFIELD_OWNERS = ['products', 'collections'] as const;
export type MetafieldOwner = (typeof METAFIELD_OWNERS)[number];

/** A metafield definition's fields. */
const MetafieldFieldsSchema = z.object({
  key: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(64)
    .regex(/^[a-z0-9_][a-z0-9_-]*$/i, 'Use letters, digits, - and _ only'),
  name: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(200),
  description: z.string().max(5000).default(''),
  type: z.enum(METAFIELD_TYPES, { error: 'Choose a type' }),
  link: z.string().trim().max(2000).default(''),
  options: z.array(z.string().trim().min(1, MSG.required).max(200)).max(500).default([]),
  showOnVendorPage: z.boolean().default(false),
  registration: z.boolean().default(false),
  required: z.boolean().default(false),
});

/** A metafield definition with the validation rules. */
export const MetafieldDefinitionSchema = MetafieldFieldsSchema.superRefine((d, ctx) => {
  if (d.type === 'terms' && !d.link) ctx.addIssue({ code: 'custom', message: MSG.required, path: ['link'] });
  if (d.link && !z.url().safeParse(d.link).success) ctx.addIssue({ code: 'custom', message: MSG.invalidUrl, path: ['link'] });
  if (d.type === 'checkbox' && d.options.length < 1)
    ctx.addIssue({ code: 'custom', message: 'There should be at least one choice', path: ['options'] });
  if (d.type === 'select' && d.options.length < 2)
    ctx.addIssue({ code: 'custom', message: 'There should be at least two choices', path: ['options'] });
});
export type MetafieldDefinition = z.infer<typeof MetafieldDefinitionSchema>;

/**
 * POST metafields: the definition, its owner and, for an update, its id. The spec's `validation`
 * object may carry options, link and required instead of the top level; both are accepted, and
 * the definition itself is then checked with MetafieldDefinitionSchema.
 */
export const SaveMetafieldSchema = z
  .object({
    owner: z.enum(METAFIELD_OWNERS).default('products'),
    id: z.uuid().optional(),
    validation: z
      .object({ options: z.array(z.string()).optional(), link: z.string().optional(), required: z.boolean().optional() })
      .optional(),
  })
  .loose();

export function definitionOf(body: z.infer<typeof SaveMetafieldSchema>): unknown {
  const { owner: _owner, id: _id, validation, ...definition } = body;
  return { ...definition, ...validation };
}

/** A stored definition as the calls answer it: its fields, id, owner and place in the store's order. */
export const MetafieldAnswerSchema = MetafieldFieldsSchema.extend({
  id: z.string(),
  owner: z.enum(METAFIELD_OWNERS),
  position: z.number(),
});
export type StoredMetafield = z.infer<typeof MetafieldAnswerSchema>;

/** GET metafields?owner=. */
export const ListMetafieldsQuerySchema = z.object({ owner: z.enum(METAFIELD_OWNERS).default('products') });
export const MetafieldListSchema = z.object({ metafields: z.array(MetafieldAnswerSchema) });

/** DELETE metafields. */
export const DeleteMetafieldSchema = z.object({ id: z.uuid({ error: 'Metafield not found' }) });
