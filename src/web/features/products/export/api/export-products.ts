import useSWR from 'swr';
import type { z } from 'zod';
import type { ExportStatusSchema } from '#shared/schemas/products';
import { HTTPError } from 'ky';
import { endpointHttp } from '../../../../api/client.ts';
import { endpoint } from '../../../../api/endpoint.ts';
import { toHttpError } from '../../../../api/http-error.ts';
import { PRODUCT_LIST_QUERY_FIELDS, type ProductListQuery } from '../../api/list-products.ts';

export type ExportStatus = z.infer<typeof ExportStatusSchema>;

/** POST products/export with the list's query: the export runs in the background. */
export const startProductExport = endpoint<ProductListQuery, { exportId: string }>({
  method: 'POST',
  path: 'products/export',
  query: PRODUCT_LIST_QUERY_FIELDS.filter((field) => field !== 'first'),
});

const getProductExport = endpoint<{ exportId: string }, ExportStatus>({ path: 'products/exports/{exportId}', pathParams: ['exportId'] });

export const EXPORT_POLL_MS = 1000;

const isFinished = (status?: ExportStatus) => status?.status === 'done' || status?.status === 'failed';

/** GET products/exports/{id} every second until the export is done or failed. */
export function useProductExport(exportId: string | null) {
  return useSWR(exportId ? ['products/exports', exportId] : null, () => getProductExport({ exportId: exportId! }), {
    refreshInterval: (latest) => (isFinished(latest) ? 0 : EXPORT_POLL_MS),
    revalidateOnFocus: false,
  });
}

/** The API path of a download URL of ours ("/api/products/…" or on this origin), else null. */
export function apiPathOf(url: string, origin: string): string | null {
  const parsed = new URL(url, origin);
  if (parsed.origin !== origin || !parsed.pathname.startsWith('/api/')) return null;
  return parsed.pathname.slice('/api/'.length) + parsed.search;
}

const filenameOf = (disposition: string | null) => /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? 'products.csv';

/**
 * The finished file. The server only takes the session cookie together with the X-Iframe header
 * (its CSRF defence), which a plain link cannot send, so the file is fetched through the API client
 * and handed to the browser as a Blob.
 */
export async function downloadProductExport(url: string): Promise<{ blob: Blob; filename: string }> {
  const path = apiPathOf(url, window.location.origin);
  if (!path) throw new Error(`Not an API URL: ${url}`);
  try {
    const response = await endpointHttp.get(path, { retry: 0 });
    // the bytes as sent: the file starts with a BOM that spreadsheet tools need
    return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) };
  } catch (error) {
    if (error instanceof HTTPError) throw await toHttpError(error.response, 'GET');
    throw error;
  }
}
