import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface RecordedRemoval {
  path: string;
  apiKey: string | undefined;
  contentType: string | undefined;
  /** The text fields of the multipart body. */
  fields: Record<string, string>;
  file: { field: string; name: string; type: string; bytes: Buffer } | null;
}

/**
 * An in-process stand-in for remove.bg: `POST /v1.0/removebg` with `X-Api-Key` and a multipart body
 * (`image_file`, `size`, `format`) answers a PNG of the same size with every pixel transparent
 * except the middle one, or the provider's error shape `{errors: [{title}]}`.
 */
export async function startFakeRemoveBg(options: { apiKey: string }) {
  const requests: RecordedRemoval[] = [];
  let failures: { status: number; title: string }[] = [];
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server: Server = createServer(async (request, response) => {
    const error = (status: number, title: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errors: [{ title, code: 'fake_error' }] }));
    };
    const raw = await readBody(request);
    const record: RecordedRemoval = {
      path: request.url ?? '',
      apiKey: request.headers['x-api-key'] as string | undefined,
      contentType: request.headers['content-type'],
      fields: {},
      file: null,
    };
    requests.push(record);
    if (request.method !== 'POST' || request.url !== '/v1.0/removebg') return error(404, 'Not found');
    if (record.apiKey !== options.apiKey) return error(403, 'API Key invalid');
    let form: FormData;
    try {
      // The platform's own multipart parser (undici) reads the body exactly as a server would.
      form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': record.contentType ?? '' },
        body: raw,
      }).formData();
    } catch {
      return error(400, 'Invalid multipart body');
    }
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') record.fields[name] = value;
      else record.file = { field: name, name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
    }
    const failure = failures.shift();
    if (failure) return error(failure.status, failure.title);
    if (!record.file || record.file.field !== 'image_file') return error(400, 'No image given');
    try {
      const { width = 1, height = 1 } = await sharp(record.file.bytes).metadata();
      const pixels = Buffer.alloc(width * height * 4);
      const middle = (Math.floor(height / 2) * width + Math.floor(width / 2)) * 4;
      pixels.set([0, 0, 0, 255], middle);
      const png = await sharp(pixels, { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer();
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      response.end(png);
    } catch {
      error(400, 'Failed to read the image');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The next calls answer these errors, in order. */
    failNext(...next: { status: number; title: string }[]) {
      failures = [...failures, ...next];
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
