import { HTTPError } from 'ky';
import { endpointHttp } from './client.ts';
import { toHttpError } from './http-error.ts';

/** The API path of a URL of ours ("/api/…" or absolute on this origin), else null. */
export function apiPathOf(url: string, origin: string): string | null {
  const parsed = new URL(url, origin);
  if (parsed.origin !== origin || !parsed.pathname.startsWith('/api/')) return null;
  return parsed.pathname.slice('/api/'.length) + parsed.search;
}

const filenameOf = (disposition: string | null) => /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];

/**
 * A file of ours (an export, an order's PDF). The server only takes the session cookie together
 * with the X-Iframe header (its CSRF defence), which a plain link cannot send, so the file is
 * fetched through the API client and handed to the browser as a Blob, under the server's file name.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const path = apiPathOf(url, window.location.origin);
  if (!path) throw new Error(`Not an API URL: ${url}`);
  try {
    const response = await endpointHttp.get(path, { retry: 0 });
    // the bytes as sent (an export starts with the BOM spreadsheet tools need)
    return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) ?? fallbackName };
  } catch (error) {
    if (error instanceof HTTPError) throw await toHttpError(error.response, 'GET');
    throw error;
  }
}
