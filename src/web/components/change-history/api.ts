import useSWRInfinite from 'swr/infinite';
import { AuditPageSchema, AuditQuerySchema, type AuditPage, type AuditQuery } from '#shared/schemas/audit';
import { ExportStartedSchema } from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';

export type { AuditQuery, AuditRecord } from '#shared/schemas/audit';

const listAuditRecords = endpoint({ path: 'audit/records', request: AuditQuerySchema, answer: AuditPageSchema });
/** POST audit/export: the filtered history as CSV, through the exports job. */
export const startAuditExport = endpoint({
  method: 'POST',
  path: 'audit/export',
  request: AuditQuerySchema.omit({ after: true, limit: true }),
  answer: ExportStartedSchema,
});

/** GET audit/records page by page: each page asks from the previous page's cursor ("Show more"). */
export function useAuditRecords(query: Omit<AuditQuery, 'after' | 'limit'>) {
  return useSWRInfinite<AuditPage>(
    (index, previous: AuditPage | null) => (index > 0 && !previous?.next ? null : ['audit', query, index > 0 ? previous?.next : undefined]),
    ([, , after]: [string, unknown, string | undefined]) => listAuditRecords({ ...query, after }),
  );
}
