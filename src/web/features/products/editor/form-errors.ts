import type { FieldError, FieldErrors } from 'react-hook-form';
import type { ProductFormValues } from './product-form.ts';

/**
 * Messages that belong to a list as a whole, or to nothing on screen, are kept under these names
 * (not fields): the editor shows them above the list or at the top of the form.
 */
export const LIST_MESSAGES = {
  variants: 'variantsMessage',
  options: 'optionsMessage',
  media: 'mediaMessage',
  metafields: 'metafieldsMessage',
  form: 'formMessage',
} as const;

export interface PathMessage {
  path: string;
  message: string;
}

const VARIANT_FIELDS = new Set(['price', 'compareAt', 'stock', 'sku', 'barcode', 'weight', 'weightUnit']);
const isIndex = (part: string | undefined) => part !== undefined && /^\d+$/.test(part);

/**
 * Where a message of the product payload goes in the editor. The payload paths are the shared
 * schema's and the server's (which prefixes them with `product.`):
 * - `variants.1.price` → the cell; `variants.1.options.0` → the row; `variants` → under the table;
 * - `metafields.material` (a required definition, by key) and `metafields.0.value` (by position:
 *   the definitions come first in the payload) → the field; `metafields` → the top of the form;
 * - `media.2.src` → the tile; `options.0.values.1` → the option's values.
 * `definitionKeys` are the definitions' keys in the editor's order.
 */
export function toFormPath(payloadPath: string, definitionKeys: readonly string[]): string {
  const parts = payloadPath
    .replace(/^product(\.|$)/, '')
    .split('.')
    .filter(Boolean);
  const [head, second, third, fourth] = parts;
  switch (head) {
    case undefined:
      return LIST_MESSAGES.form;
    case 'title':
    case 'bodyHtml':
    case 'status':
    case 'vendor':
    case 'handle':
      return head === 'handle' ? LIST_MESSAGES.form : head;
    case 'seo':
      return second === 'title' || second === 'description' ? `seo.${second}` : LIST_MESSAGES.form;
    case 'options':
      if (!isIndex(second)) return LIST_MESSAGES.options;
      return third === 'name' ? `options.${second}.name` : `options.${second}.values`;
    case 'media':
      return isIndex(second) ? `media.${second}.src` : LIST_MESSAGES.media;
    case 'variants': {
      if (!isIndex(second)) return LIST_MESSAGES.variants;
      if (third && VARIANT_FIELDS.has(third)) return `variants.${second}.${third}`;
      if (third === 'dimensions' && ['width', 'height', 'length'].includes(fourth ?? '')) return `variants.${second}.dimensions.${fourth}`;
      // Option values, a duplicate combination, the row's own media: the row as a whole.
      return `variants.${second}.options`;
    }
    case 'metafields': {
      if (second === undefined) return LIST_MESSAGES.metafields;
      const byKey = definitionKeys.indexOf(second);
      // A bare second part is a key (the required rule); with more parts it is a position.
      if (byKey >= 0 && third === undefined) return `metafields.${byKey}`;
      if (isIndex(second) && Number(second) < definitionKeys.length) return `metafields.${second}`;
      return LIST_MESSAGES.metafields;
    }
    default:
      return LIST_MESSAGES.form;
  }
}

/** Messages by editor path; the first message for a path wins (the schema lists the most useful first). */
export function toFormMessages(messages: readonly PathMessage[], definitionKeys: readonly string[]): PathMessage[] {
  const seen = new Map<string, string>();
  for (const { path, message } of messages) {
    const formPath = toFormPath(path, definitionKeys);
    if (!seen.has(formPath)) seen.set(formPath, message);
  }
  return [...seen].map(([path, message]) => ({ path, message }));
}

/** The nested errors react-hook-form resolvers return, as dotted paths (`variants.1.price`). */
export function flattenFieldErrors(errors: unknown, prefix = ''): PathMessage[] {
  if (!errors || typeof errors !== 'object') return [];
  const found: PathMessage[] = [];
  const node = errors as Record<string, unknown>;
  if (typeof node.message === 'string' && prefix) found.push({ path: prefix, message: node.message });
  for (const [key, child] of Object.entries(node)) {
    if (['message', 'type', 'ref', 'types'].includes(key)) continue;
    found.push(...flattenFieldErrors(child, prefix ? `${prefix}.${key}` : key));
  }
  return found;
}

/** Dotted messages → the nested errors a resolver answers (arrays for numeric parts). */
export function toFieldErrors(messages: readonly PathMessage[]): FieldErrors<ProductFormValues> {
  const root: Record<string, unknown> = {};
  for (const { path, message } of messages) {
    const parts = path.split('.');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = { ...(node[part] as object | undefined), type: 'validate', message } satisfies FieldError;
        return;
      }
      node[part] ??= isIndex(parts[i + 1]) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root as FieldErrors<ProductFormValues>;
}
