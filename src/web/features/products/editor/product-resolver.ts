import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver, ResolverOptions } from 'react-hook-form';
import {
  buildProductSchema,
  PRODUCT_MESSAGES,
  type ProductInput,
  type ProductRulesContext,
  type WholeProductInput,
} from '#shared/schemas/products';
import { MONEY_INPUT, MONEY_MESSAGES } from '#shared/schemas/money';
import { flattenFieldErrors, toFieldErrors, toFormMessages, type PathMessage } from './form-errors.ts';
import { toProductInput, type EditorDefinition, type ProductFormValues } from './product-form.ts';

export interface ProductResolverOptions {
  context: ProductRulesContext;
  definitions: readonly EditorDefinition[];
  /** An admin in the marketplace view names the vendor; the server refuses a new product without one. */
  requireVendor: boolean;
}

/**
 * The API takes a variant's prices as amount text with a dot ("19.99"): what the store rules read
 * but the API refuses ("19,99") gets the API's message here, rather than after a save.
 */
function amountTextIssues(payload: WholeProductInput): PathMessage[] {
  return payload.variants.flatMap((variant, i) =>
    (['price', 'compareAt'] as const)
      .filter((field) => typeof variant[field] === 'string' && !MONEY_INPUT.test(variant[field].trim()))
      .map((field) => ({ path: `variants.${i}.${field}`, message: MONEY_MESSAGES.notAnAmount })),
  );
}

/**
 * Checks the editor with the server's own rules: zodResolver over buildProductSchema(store rules),
 * run on the payload the editor would send, with the messages moved onto the editor's fields. The
 * valid result is that payload as typed (raw): the server normalises it, and its error indexes
 * then match the editor's rows.
 */
export function productResolver({
  context,
  definitions,
  requireVendor,
}: ProductResolverOptions): Resolver<ProductFormValues, unknown, WholeProductInput> {
  const validate = zodResolver(buildProductSchema(context), undefined, { raw: true });
  const keys = definitions.map((d) => d.key);
  return async (values, resolverContext, options) => {
    const payload = toProductInput(values, definitions, { withVendor: requireVendor });
    const payloadOptions: ResolverOptions<ProductInput> = { ...options, fields: {}, names: [], shouldUseNativeValidation: false };
    const result = await validate(payload, resolverContext, payloadOptions);
    const messages: PathMessage[] = flattenFieldErrors(result.errors);
    for (const wire of amountTextIssues(payload)) if (!messages.some((m) => m.path === wire.path)) messages.push(wire);
    if (requireVendor && !values.vendor.trim()) messages.unshift({ path: 'vendor', message: PRODUCT_MESSAGES.vendorRequired });
    if (messages.length === 0) return { values: payload, errors: {} };
    return { values: {}, errors: toFieldErrors(toFormMessages(messages, keys)) };
  };
}
