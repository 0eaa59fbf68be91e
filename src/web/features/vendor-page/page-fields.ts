import { z } from 'zod';
import { isFieldShown, parseDescription, type DescriptionProperties } from '#shared/metafield-properties';
import { METAFIELD_TYPES, type MetafieldType } from '#shared/schemas/metafields';
import { isEmptyValue, type FieldValue } from '#shared/schemas/registration';
import type { VendorPage, VendorPageInput } from '#shared/schemas/vendor-page';

export type { FieldValue };

/** A vendor page field: its definition, with the description's property block read out. */
export interface PageField {
  key: string;
  name: string;
  type: MetafieldType;
  /** The description as people read it, without the property block. */
  description: string;
  options: string[];
  link: string;
  /** The definition's flag, or `required:true` in its property block (as the server decides). */
  required: boolean;
  properties: DescriptionProperties;
}

/** The form's values: the page, and one answer per definition, in the definitions' order. */
export interface PageFormValues {
  description: string;
  imageUrl: string;
  /** Index i answers definition i: the server's `metafields.<i>` errors are these fields' paths. */
  metafields: FieldValue[];
}

/** A stored definition as the page reads it; a field the server sends oddly still takes its place. */
const StoredDefinitionSchema = z.object({
  key: z.string().catch(''),
  name: z.string().catch(''),
  type: z.enum(METAFIELD_TYPES).catch('input'),
  description: z.string().catch(''),
  options: z.array(z.string()).catch([]),
  link: z.string().catch(''),
  required: z.boolean().catch(false),
});

export function pageFieldOf(raw: Record<string, unknown>): PageField {
  const definition = StoredDefinitionSchema.parse(raw);
  const { text, properties } = parseDescription(definition.description);
  return {
    ...definition,
    name: definition.name || definition.key,
    description: text,
    required: definition.required || properties.required === true,
    properties,
  };
}

/** What a type answers: choices and media are lists, terms a yes, a video nothing, the rest text. */
export type ValueShape = 'list' | 'flag' | 'none' | 'text';

export function valueShapeOf(type: MetafieldType): ValueShape {
  if (type === 'checkbox' || type === 'media' || type === 'list_media') return 'list';
  if (type === 'terms') return 'flag';
  if (type === 'video') return 'none';
  return 'text';
}

/** A stored value in the shape its field's control edits (a definition's type may have changed since). */
export function coerceValue(value: unknown, type: MetafieldType): FieldValue {
  switch (valueShapeOf(type)) {
    case 'list':
      if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
      return typeof value === 'string' && value !== '' ? [value] : [];
    case 'flag':
      return value === true || value === 'true';
    default:
      if (typeof value === 'string') return value;
      if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join(', ');
      return typeof value === 'number' ? String(value) : '';
  }
}

export function initialValues(fields: readonly PageField[], page: VendorPage | null): PageFormValues {
  const stored = new Map((page?.metafields ?? []).map((m) => [m.key, m.value] as const));
  return {
    description: page?.description ?? '',
    imageUrl: page?.imageUrl ?? '',
    metafields: fields.map((field) => coerceValue(stored.get(field.key), field.type)),
  };
}

/** Which fields show for the current answers (show/showWhen of the property block), by index. */
export function shownFields(fields: readonly PageField[], answers: readonly FieldValue[]): boolean[] {
  const values = Object.fromEntries(fields.map((field, index) => [field.key, answers[index]]));
  return fields.map((field) => isFieldShown(field.properties, values));
}

/**
 * The body of POST vendors/v2: empty answers are left out (the server drops them too), so a field
 * emptied on purpose is removed. Hidden fields keep their answers, as the server judges visibility
 * on everything it receives; a video has nothing to answer.
 */
export function toPageInput(fields: readonly PageField[], values: PageFormValues): VendorPageInput {
  const metafields = fields.flatMap((field, index) => {
    const value = values.metafields[index];
    if (field.type === 'video' || value === undefined || isEmptyValue(value)) return [];
    return [{ key: field.key, value: Array.isArray(value) ? value.filter((v) => v.trim() !== '') : value }];
  });
  return { description: values.description, imageUrl: values.imageUrl.trim(), metafields };
}

export interface FieldGroup {
  /** The store's section name; null for the fields no section names ("Other"). */
  name: string | null;
  items: { field: PageField; index: number }[];
}

/**
 * The fields grouped by the store's sections, in the sections' order and each section's key order;
 * a field named by two sections goes in the first. Fields no section names come last, and sections
 * naming no field of the page are left out.
 */
export function groupFields(fields: readonly PageField[], sections: readonly { name: string; keys: readonly string[] }[]): FieldGroup[] {
  const placed = new Set<number>();
  const groups: FieldGroup[] = [];
  for (const section of sections) {
    const items: FieldGroup['items'] = [];
    for (const key of section.keys) {
      const index = fields.findIndex((field, i) => field.key === key && !placed.has(i));
      if (index < 0) continue;
      placed.add(index);
      items.push({ field: fields[index], index });
    }
    if (items.length) groups.push({ name: section.name, items });
  }
  const rest = fields.flatMap((field, index) => (placed.has(index) ? [] : [{ field, index }]));
  if (rest.length) groups.push({ name: null, items: rest });
  return groups;
}

/**
 * The server's field errors as form paths. `metafields.<i>` (a missing required answer) counts
 * definitions; a deeper path (`metafields.<n>.value`, a schema check) counts the answers that were
 * sent, so it is mapped back to its definition through the body.
 */
export function formErrorsOf(
  fieldErrors: Record<string, string>,
  fields: readonly PageField[],
  sent: VendorPageInput,
): [keyof PageFormValues | `metafields.${number}`, string][] {
  const out: [keyof PageFormValues | `metafields.${number}`, string][] = [];
  for (const [path, message] of Object.entries(fieldErrors)) {
    if (path === 'description' || path === 'imageUrl') {
      out.push([path, message]);
      continue;
    }
    const definitionIndex = /^metafields\.(\d+)$/.exec(path);
    if (definitionIndex) {
      const index = Number(definitionIndex[1]);
      if (index < fields.length) out.push([`metafields.${index}`, message]);
      continue;
    }
    const sentIndex = /^metafields\.(\d+)\./.exec(path);
    const key = sentIndex ? sent.metafields[Number(sentIndex[1])]?.key : undefined;
    const index = key === undefined ? -1 : fields.findIndex((field) => field.key === key);
    if (index >= 0) out.push([`metafields.${index}`, message]);
  }
  return out;
}
