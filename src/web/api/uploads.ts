import ky, { HTTPError } from 'ky';
import type { UploadProxy } from '#shared/limits';
import {
  EXTENSION_TYPES,
  FileSrcQuerySchema,
  FileSrcSchema,
  StagedUploadSchema,
  StageUploadQuerySchema,
  TYPE_EXTENSIONS,
  UploadUrlQuerySchema,
  UploadUrlSchema,
  extensionOf,
} from '#shared/schemas/uploads';
import { endpoint } from './endpoint.ts';
import { toHttpError } from './http-error.ts';

/** The public registration form has no session: it names its store on every upload call. */
export interface UploadOptions {
  store?: string;
}

// These PUTs take their input as a query: their request schema's fields are all named in `query`.
const requestUploadUrl = endpoint({
  method: 'PUT',
  path: 'cdn/{proxy}',
  pathParams: ['proxy'],
  request: UploadUrlQuerySchema,
  query: ['ext', 'name', 'store'],
  answer: UploadUrlSchema,
});

const requestStagedUpload = endpoint({
  method: 'PUT',
  path: 'cdn/stage-upload',
  request: StageUploadQuerySchema,
  query: ['mime', 'filename', 'fileSize', 'store'],
  answer: StagedUploadSchema,
});

const getPlatformFile = endpoint({ path: 'cdn/shopify/file', request: FileSrcQuerySchema, answer: FileSrcSchema });

/** Browsers leave `type` empty for formats they do not know; the extension then names it. */
function typeOf(file: File): string {
  return file.type || EXTENSION_TYPES[extensionOf(file.name)] || 'application/octet-stream';
}

function extensionFor(file: File): string {
  return extensionOf(file.name) || TYPE_EXTENSIONS[typeOf(file)] || '';
}

/**
 * The bytes go straight to the signed URL (our server or a storage bucket): no session header, no
 * timeout (large files on slow links), and no retry, since a signed URL is single use.
 */
async function sendBytes(request: () => Promise<Response>, method: string) {
  try {
    await request();
  } catch (error) {
    if (error instanceof HTTPError) throw await toHttpError(error.response, method);
    throw error;
  }
}

/** `PUT cdn/{proxy}` for a signed URL, then the raw bytes to it; answers where the file is served. */
export async function uploadToProxy(file: File, proxy: UploadProxy, { store }: UploadOptions = {}): Promise<string> {
  const { url, location } = await requestUploadUrl({ proxy, ext: extensionFor(file), name: file.name, store });
  await sendBytes(() => ky.put(url, { body: file, headers: { 'Content-Type': typeOf(file) }, timeout: false, retry: 0 }), 'PUT');
  return location;
}

/**
 * `PUT cdn/stage-upload` for a staged target, then a multipart POST of its parameters with the file
 * last (storage services read the fields before the file). Answers the platform resource id and URL.
 */
export async function stageUpload(file: File, { store }: UploadOptions = {}): Promise<{ resource: string; resourceUrl: string }> {
  const { stagedTarget, resource } = await requestStagedUpload({
    mime: typeOf(file),
    filename: file.name,
    fileSize: file.size,
    store,
  });
  const form = new FormData();
  for (const { name, value } of stagedTarget.parameters) form.append(name, value);
  form.append('file', file);
  await sendBytes(() => ky.post(stagedTarget.url, { body: form, timeout: false, retry: 0 }), 'POST');
  return { resource, resourceUrl: stagedTarget.resourceUrl };
}

/** Several files at once: the spec uploads them in parallel, without a limit. */
export function uploadAll<T>(files: readonly File[], upload: (file: File) => Promise<T>): Promise<T[]> {
  return Promise.all(files.map((file) => upload(file)));
}

/** The src of a platform file id (`gid://…`), for showing a stored value. */
export async function resolvePlatformFileSrc(ressourceId: string, { store }: UploadOptions = {}): Promise<string> {
  const { src } = await getPlatformFile({ ressourceId, store });
  return src;
}
