import useSWR from 'swr';
import type { z } from 'zod';
import { ExportStatusSchema } from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';

/** The lists the server exports; each is the first segment of its export paths. */
export type ExportKind = 'products' | 'orders' | 'transactions' | 'annual-report' | 'audit';

export type ExportStatus = z.infer<typeof ExportStatusSchema>;

const getExportStatus = endpoint({ path: '{kind}/exports/{exportId}', pathParams: ['kind', 'exportId'], answer: ExportStatusSchema });

export const EXPORT_POLL_MS = 1000;

const isFinished = (status?: ExportStatus) => status?.status === 'done' || status?.status === 'failed';

/** GET {kind}/exports/{id} every second until the export is done or failed. */
export function useExportStatus(kind: ExportKind, exportId: string | null) {
  return useSWR(exportId ? [`${kind}/exports`, exportId] : null, () => getExportStatus({ kind, exportId: exportId! }), {
    refreshInterval: (latest) => (isFinished(latest) ? 0 : EXPORT_POLL_MS),
    revalidateOnFocus: false,
  });
}
