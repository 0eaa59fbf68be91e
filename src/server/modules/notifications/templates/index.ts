import type { TemplateName } from '#shared/schemas/notifications';
import { AUTH_TEMPLATES } from './auth.ts';
import { DOC_TEMPLATES } from './doc.ts';
import { MARKETPLACE_TEMPLATES } from './marketplace.ts';
import { OFFER_TEMPLATES } from './offer.ts';
import { ORDER_TEMPLATES } from './order.ts';
import { PRODUCT_TEMPLATES } from './product.ts';
import { formatMoney } from '#shared/money';
import { type MailLanguage, type MailText, SampleMoney, v, type TemplateDefinition, type TemplateVariable } from './types.ts';
import { VENDOR_TEMPLATES } from './vendor.ts';

export type { MailLanguage, TemplateDefinition, TemplateVariable } from './types.ts';

/** Every template is also rendered with these. */
export const COMMON_VARIABLES: Record<string, TemplateVariable> = {
  shop_name: v('the name of the marketplace', 'Demo Marketplace'),
  store: v('the store id', 'demo'),
};

/**
 * The catalogue: one default subject and body a template, by file per family (auth, vendor,
 * order, product, marketplace, doc, offer). `satisfies` makes a missing or extra name a type error.
 */
export const TEMPLATES = {
  ...VENDOR_TEMPLATES,
  ...ORDER_TEMPLATES,
  ...PRODUCT_TEMPLATES,
  ...AUTH_TEMPLATES,
  ...MARKETPLACE_TEMPLATES,
  ...DOC_TEMPLATES,
  ...OFFER_TEMPLATES,
} satisfies Record<TemplateName, TemplateDefinition>;

/** A sample with its amounts formatted in the store's currency. */
function priced(sample: unknown, currency: string): unknown {
  if (sample instanceof SampleMoney) return formatMoney(sample.minor, currency);
  if (Array.isArray(sample)) return sample.map((item) => priced(item, currency));
  if (sample && typeof sample === 'object')
    return Object.fromEntries(Object.entries(sample).map(([key, value]) => [key, priced(value, currency)]));
  return sample;
}

/** A template's documented variables, the common ones included, their samples priced in the store's currency. */
export function templateVariables(name: TemplateName, currency: string): Record<string, TemplateVariable> {
  const variables = { ...COMMON_VARIABLES, ...TEMPLATES[name].variables };
  return Object.fromEntries(
    Object.entries(variables).map(([key, variable]) => [key, { ...variable, sample: priced(variable.sample, currency) }]),
  );
}

/** The sample values of a template (previews and test e-mails) in the store's currency, overridden by `params`. */
export function sampleVars(name: TemplateName, currency: string, params: Record<string, unknown> = {}): Record<string, unknown> {
  // shop_name and store come from the store itself, not from the samples.
  const variables: Record<string, TemplateVariable> = TEMPLATES[name].variables;
  const samples = Object.fromEntries(Object.entries(variables).map(([key, variable]) => [key, priced(variable.sample, currency)]));
  return { ...samples, ...params };
}

/** A template's default subject and body in a reader's language (English where it has no other). */
export function defaultText(name: TemplateName, language: MailLanguage): MailText {
  const definition: TemplateDefinition = TEMPLATES[name];
  return (language !== 'en' && definition.translations?.[language]) || definition;
}
