import { HTTPError } from 'ky';
import { endpointHttp } from '../../../api/client.ts';
import { toHttpError } from '../../../api/http-error.ts';
import type { ExportKind } from './export-status.ts';

/** The API path of a URL of ours ("/api/…" or absolute on this origin), else null. */
export function apiPathOf(url: string, origin: string): string | null {
  const parsed = new URL(url, origin);
  if (parsed.origin !== origin || !parsed.pathname.startsWith('/api/')) return null;
  return parsed.pathname.slice('/api/'.length) + parsed.search;
}

const filenameOf = (disposition: string | null) => /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];

/**
 * The finished file at the status's url ({kind}/exports/{id}/download). The server only takes the
 * session cookie together with the X-Iframe header (its CSRF defence), which a plain link cannot
 * send, so the file is fetched through the API client and handed to the browser as a Blob.
 */
export async function downloadExport(kind: ExportKind, url: string): Promise<{ blob: Blob; filename: string }> {
  const path = apiPathOf(url, window.location.origin);
  if (!path) throw new Error(`Not an API URL: ${url}`);
  try {
    const response = await endpointHttp.get(path, { retry: 0 });
    // the bytes as sent: the file starts with a BOM that spreadsheet tools need
    return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) ?? `${kind}.csv` };
  } catch (error) {
    if (error instanceof HTTPError) throw await toHttpError(error.response, 'GET');
    throw error;
  }
}
