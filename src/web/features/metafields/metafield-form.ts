import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDescription, parseDescription, SHOW_ALWAYS } from '#shared/metafield-properties';
import { MetafieldDefinitionSchema, type MetafieldDefinition, type MetafieldType } from '#shared/schemas/metafields';
import type { StoredMetafield } from '#web/api/metafields.ts';

/**
 * A definition as the editor shows it: the description's text apart from its property block, whose
 * show, showWhen and required are fields of their own.
 */
export interface MetafieldFormValues {
  key: string;
  name: string;
  type: MetafieldType;
  description: string;
  show: string;
  showWhen: string;
  required: boolean;
  link: string;
  options: string[];
  showOnVendorPage: boolean;
  registration: boolean;
}

export function toMetafieldForm(stored: StoredMetafield | null): MetafieldFormValues {
  const { text, properties } = parseDescription(stored?.description);
  return {
    key: stored?.key ?? '',
    name: stored?.name ?? '',
    type: stored?.type ?? 'input',
    description: text,
    show: properties.show ?? SHOW_ALWAYS,
    showWhen: properties.showWhen ?? '',
    required: properties.required ?? stored?.required ?? false,
    link: stored?.link ?? '',
    options: stored?.options ?? [],
    showOnVendorPage: stored?.showOnVendorPage ?? false,
    registration: stored?.registration ?? false,
  };
}

/** The definition the editor says: the property block written back into the description; link and options only where the type uses them. */
export function toDefinition(values: MetafieldFormValues): MetafieldDefinition {
  const { show, showWhen, description, ...rest } = values;
  const hasLink = values.type === 'terms' || values.type === 'url';
  const hasOptions = values.type === 'select' || values.type === 'checkbox';
  const isConditional = show !== SHOW_ALWAYS && show !== '' && show !== '__never';
  return {
    ...rest,
    link: hasLink ? values.link : '',
    options: hasOptions ? values.options : [],
    description: formatDescription(description, { show, showWhen: isConditional ? showWhen : undefined, required: values.required }),
  };
}

const schemaResolver = zodResolver(MetafieldDefinitionSchema);

/** MetafieldDefinitionSchema, the server's own, on the definition the editor says; its paths are the editor's names. */
export const metafieldResolver: Resolver<MetafieldFormValues, unknown, MetafieldDefinition> = async (values, context, options) =>
  (await schemaResolver(toDefinition(values) as never, context, options as never)) as never;
