import ky, { HTTPError } from 'ky';
import useSWR from 'swr';
import { CsvImportSchema, CsvUploadAnswerSchema, CsvUploadQuerySchema, type CsvImport } from '#shared/schemas/csv-import';
import { endpointHttp } from '#web/api/client.ts';
import { endpoint } from '#web/api/endpoint.ts';
import { toHttpError } from '#web/api/http-error.ts';
import { apiPathOf } from '#web/api/download-file.ts';
import { revalidateProducts } from '#web/features/products/api/list-products.ts';

export type { CsvImport, CsvProblem } from '#shared/schemas/csv-import';
export { CSV_PROBLEMS_LISTED } from '#shared/schemas/csv-import';

// A PUT whose input is its query: its request schema's fields are named in `query`.
const requestCsvUpload = endpoint({
  method: 'PUT',
  path: 'product-csv/upload',
  request: CsvUploadQuerySchema,
  query: ['name'],
  answer: CsvUploadAnswerSchema,
});
const postConfirm = endpoint({
  method: 'POST',
  path: 'product-csv/imports/{importId}/confirm',
  pathParams: ['importId'],
  answer: CsvImportSchema,
});
const getCsvImport = endpoint({ path: 'product-csv/imports/{importId}', pathParams: ['importId'], answer: CsvImportSchema });

/**
 * The file to the upload URL as text/csv; answers the validation. Our own URL is an API call (the
 * session cookie needs the X-Iframe header); another one (a storage bucket) gets the bytes only.
 * No timeout (big files, slow links) and no retry (the server validates on every PUT).
 */
async function putCsvFile(url: string, file: File): Promise<CsvImport> {
  const options = { body: file, headers: { 'Content-Type': 'text/csv' }, timeout: false as const, retry: 0 };
  const path = apiPathOf(url, window.location.origin);
  try {
    const response = path ? await endpointHttp.put(path, options) : await ky.put(url, options);
    return (await response.json()) as CsvImport;
  } catch (error) {
    if (error instanceof HTTPError) throw await toHttpError(error.response, 'PUT');
    throw error;
  }
}

/** PUT product-csv/upload?name= for the upload URL, then the file to it: the validation, nothing written yet. */
export async function uploadProductCsv(file: File): Promise<CsvImport> {
  const { url } = await requestCsvUpload({ name: file.name });
  return putCsvFile(url, file);
}

/** POST product-csv/imports/{id}/confirm: the good products are imported in the background. */
export function confirmProductCsv(importId: string): Promise<CsvImport> {
  return postConfirm({ importId });
}

export const IMPORT_POLL_MS = 1000;

/** GET product-csv/imports/{id} every second while it imports; the product lists are refreshed once it is done. */
export function useCsvImport(importId: string | null) {
  return useSWR(importId ? ['product-csv/imports', importId] : null, () => getCsvImport({ importId: importId! }), {
    refreshInterval: (latest) => (latest && latest.status !== 'importing' ? 0 : IMPORT_POLL_MS),
    revalidateOnFocus: false,
    onSuccess: (latest) => {
      if (latest.status === 'done') void revalidateProducts();
    },
  });
}
