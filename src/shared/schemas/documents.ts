import { z } from 'zod';

/** The document templates: the buyer's invoice and the packing slip of an order, the commission invoice of a payout. */
export const DOCUMENT_TEMPLATES = ['doc-customer-invoice', 'doc-packing-slip', 'doc-vendor-invoice'] as const;
export type DocumentTemplate = (typeof DOCUMENT_TEMPLATES)[number];
export const isDocumentTemplate = (name: string): name is DocumentTemplate => (DOCUMENT_TEMPLATES as readonly string[]).includes(name);

/** The answer (409) for a document whose template the marketplace turned off. */
export const DOCUMENT_OFF_MESSAGES: Record<DocumentTemplate, string> = {
  'doc-customer-invoice': 'Invoices are turned off for this marketplace',
  'doc-packing-slip': 'Packing slips are turned off for this marketplace',
  'doc-vendor-invoice': 'Commission invoices are turned off for this marketplace',
};

/**
 * GET documents: how documents come (`pdf`, or `html` to print from the browser where the server
 * has no Chromium) and which of them the marketplace offers.
 */
export const DocumentsInfoSchema = z.object({
  format: z.enum(['pdf', 'html']),
  enabled: z.object({ 'doc-customer-invoice': z.boolean(), 'doc-packing-slip': z.boolean(), 'doc-vendor-invoice': z.boolean() }),
});
export type DocumentsInfo = z.infer<typeof DocumentsInfoSchema>;
