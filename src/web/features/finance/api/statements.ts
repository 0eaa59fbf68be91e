import useSWR from 'swr';
import { AnnualReportQuerySchema, StatementAnswerSchema, StatementQuerySchema } from '#shared/schemas/statements';
import { ExportStartedSchema } from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';
import { schemaFields } from '#web/api/endpoint-request.ts';

export type { StatementAnswer, StatementSection } from '#shared/schemas/statements';

const getStatement = endpoint({
  path: 'statements/{month}',
  pathParams: ['month'],
  request: StatementQuerySchema,
  answer: StatementAnswerSchema,
});

/** GET statements/{month}: the vendor's own, or (admins) the named vendor's; nothing asked until there is a vendor. */
export function useStatement(month: string, requestedVendor: string | undefined, ready: boolean) {
  return useSWR(ready && month ? ['statements', month, requestedVendor ?? ''] : null, () => getStatement({ month, requestedVendor }));
}

/** The statement as a file (the screen's download buttons). */
export function statementFileUrl(month: string, format: 'pdf' | 'csv', requestedVendor: string | undefined) {
  const query = new URLSearchParams({ format, ...(requestedVendor ? { requestedVendor } : {}) });
  return `/api/statements/${encodeURIComponent(month)}?${query}`;
}

/** POST annual-report/export?year= (admins): the yearly seller report, written in the background. */
export const startAnnualReport = endpoint({
  method: 'POST',
  path: 'annual-report/export',
  request: AnnualReportQuerySchema,
  query: schemaFields(AnnualReportQuerySchema) ?? [],
  answer: ExportStartedSchema,
});
