import { formatMoney } from '#shared/money';
import type { DocumentTemplate } from '#shared/schemas/documents';
import { DOCUMENT_LABELS, type DocumentLanguage } from '../notifications/index.ts';

/**
 * The language of the people of a country, for the documents we print in. A document speaks to
 * whom it is addressed (the buyer for an invoice and a packing slip, the vendor for a commission
 * invoice), and the address is what we always know of them; anywhere else gets English.
 */
const COUNTRY_LANGUAGES: Record<string, DocumentLanguage> = {
  NL: 'nl',
  BE: 'nl',
  SR: 'nl',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  LI: 'de',
  FR: 'fr',
  LU: 'fr',
  MC: 'fr',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CL: 'es',
  CO: 'es',
  PE: 'es',
};

export const languageOfCountry = (country: string | null | undefined): DocumentLanguage =>
  COUNTRY_LANGUAGES[(country ?? '').toUpperCase()] ?? 'en';

/** Amounts and days as the document's language writes them ("72,00 $" and "20. November 2026" in German). */
export function documentFormat(language: DocumentLanguage) {
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
  return {
    money: (minor: number, currency: string) => formatMoney(minor, currency, language),
    date: (at: Date | string) => day.format(typeof at === 'string' ? new Date(at) : at),
  };
}

const TITLE_LABEL = {
  'doc-customer-invoice': 'invoiceTitle',
  'doc-packing-slip': 'slipTitle',
  'doc-vendor-invoice': 'commissionTitle',
} as const;

/** The document's title in its language, its variables filled in ("Rechnung 1001-A3F9C2"). */
export const documentTitle = (template: DocumentTemplate, language: DocumentLanguage, vars: Record<string, unknown>) =>
  DOCUMENT_LABELS[language][TITLE_LABEL[template]].replace(/\{\{ (\w+) \}\}/g, (_, name: string) => String(vars[name] ?? ''));
