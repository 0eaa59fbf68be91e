import { MAX_UPLOAD_BYTES } from '#shared/limits';
import { BackgroundRemovalError, type BackgroundRemover, type SourceImage } from './types.ts';

export interface RemoteRemoverOptions {
  /** The API origin, `https://api.remove.bg` in production, an in-process fake in tests. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the provider's error statuses mean for the person who clicked the button. */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'The background removal service could not process this image',
  402: 'The background removal service has no credits left',
  403: 'The background removal service refused the API key',
  429: 'The background removal service is busy, please try again in a minute',
};

/** The provider's own explanation: `{errors: [{title, detail?, code?}]}`. */
async function providerReason(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as { errors?: { title?: unknown; detail?: unknown }[] } | null;
  const first = body?.errors?.[0];
  const text = [first?.title, first?.detail].filter((t): t is string => typeof t === 'string' && t.length > 0).join(': ');
  return text ? text.slice(0, 300) : null;
}

/**
 * A remove.bg-style API: `POST {baseUrl}/v1.0/removebg` with header `X-Api-Key` and a multipart
 * body `image_file`, `size=auto`, `format=png`; the answer is the PNG itself. The bytes are sent (never a
 * URL of ours), so the provider needs no access to our files.
 */
export function createRemoteBackgroundRemover(options: RemoteRemoverOptions): BackgroundRemover {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const endpoint = `${options.baseUrl.replace(/\/$/, '')}/v1.0/removebg`;
  return {
    kind: 'remote',
    async removeBackground(image: SourceImage) {
      const form = new FormData();
      form.append('image_file', new Blob([new Uint8Array(image.body)], { type: image.contentType }), image.filename);
      form.append('size', 'auto');
      form.append('format', 'png');
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: { 'X-Api-Key': options.apiKey, accept: 'image/png, application/json' },
          body: form,
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'it did not answer in time' : 'it could not be reached';
        throw new BackgroundRemovalError(`The background removal service failed: ${reason}`);
      }
      if (!response.ok) {
        const reason = await providerReason(response);
        const base = STATUS_MESSAGES[response.status] ?? `The background removal service failed (${response.status})`;
        throw new BackgroundRemovalError(reason ? `${base}: ${reason}` : base, response.status);
      }
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > MAX_UPLOAD_BYTES) throw new BackgroundRemovalError('The background removal service answered a file that is too large');
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > MAX_UPLOAD_BYTES)
        throw new BackgroundRemovalError('The background removal service answered a file that is too large');
      if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE))
        throw new BackgroundRemovalError('The background removal service did not answer a PNG image');
      return bytes;
    },
  };
}
