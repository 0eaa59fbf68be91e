import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from './client.ts';
import { HttpError } from './http-error.ts';
import { stageUpload, uploadAll, uploadToProxy } from './uploads.ts';

const ORIGIN = 'http://shop.test';

/** What the upload client sent, in order, as the server would see it. */
interface Sent {
  method: string;
  url: string;
  contentType: string | null;
  request: Request;
}

let sent: Sent[];
let answer: (request: Request) => Response | Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const RealRequest = globalThis.Request;

beforeEach(() => {
  sent = [];
  configureApiClient({ isEmbedded: () => false });
  // The client speaks to '/api' on its own origin, as in the browser.
  vi.stubGlobal(
    'Request',
    class extends RealRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, ORIGIN) : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', async (request: Request) => {
    sent.push({ method: request.method, url: request.url, contentType: request.headers.get('content-type'), request: request.clone() });
    return answer(request);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadToProxy', () => {
  it('asks for a signed URL with ext, name and store, PUTs the bytes with the file type, and answers the location', async () => {
    answer = (request) =>
      request.url.includes('/api/cdn/metafield-file')
        ? json({ url: `${ORIGIN}/api/cdn/upload/demo/k.pdf?signature=s`, location: `${ORIGIN}/api/cdn/files/demo/k.pdf` })
        : json({ location: `${ORIGIN}/api/cdn/files/demo/k.pdf` });
    const file = new File(['%PDF-1.4'], 'Extract KvK.pdf', { type: 'application/pdf' });

    const location = await uploadToProxy(file, 'metafield-file', { store: 'demo' });

    expect(location).toBe(`${ORIGIN}/api/cdn/files/demo/k.pdf`);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      `PUT ${ORIGIN}/api/cdn/metafield-file?ext=pdf&name=Extract+KvK.pdf&store=demo`,
      `PUT ${ORIGIN}/api/cdn/upload/demo/k.pdf?signature=s`,
    ]);
    expect(sent[1].contentType).toBe('application/pdf');
    expect(await sent[1].request.text()).toBe('%PDF-1.4');
    // the signed URL is not an API call: no session header on it
    expect(sent[0].request.headers.get('x-iframe')).toBe('false');
    expect(sent[1].request.headers.get('x-iframe')).toBeNull();
  });

  it('names the type from the extension when the browser does not know it', async () => {
    answer = (request) =>
      request.url.includes('/api/cdn/metafield-file')
        ? json({ url: `${ORIGIN}/api/cdn/upload/x`, location: 'L' })
        : json({ location: 'L' });
    await uploadToProxy(new File(['x'], 'photo.HEIC', { type: '' }), 'metafield-file');
    expect(sent[0].url).toBe(`${ORIGIN}/api/cdn/metafield-file?ext=heic&name=photo.HEIC`);
    expect(sent[1].contentType).toBe('image/heic');
  });

  it("fails with the server's message when the bytes are refused", async () => {
    answer = (request) =>
      request.url.includes('/api/cdn/metafield-file')
        ? json({ url: `${ORIGIN}/api/cdn/upload/x`, location: 'L' })
        : json({ message: 'Maximum image size is 20MB' }, 413);
    const failure = await uploadToProxy(new File(['x'], 'a.png', { type: 'image/png' }), 'metafield-file').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).message).toBe('Maximum image size is 20MB');
    expect((failure as HttpError).status).toBe(413);
    // a signed URL is single use: the refused PUT is not retried
    expect(sent).toHaveLength(2);
  });
});

describe('stageUpload', () => {
  it('POSTs every target parameter and then the file, last, as a multipart form', async () => {
    answer = (request) =>
      request.url.includes('/api/cdn/stage-upload')
        ? json({
            stagedTarget: {
              url: `${ORIGIN}/api/cdn/staged-upload`,
              parameters: [
                { name: 'key', value: 'demo/stage-upload/1.png' },
                { name: 'Content-Type', value: 'image/png' },
                { name: 'signature', value: 'sig' },
              ],
              resourceUrl: `${ORIGIN}/api/cdn/files/demo/stage-upload/1.png`,
            },
            resource: 'gid://marketplace/File/1',
          })
        : json({ location: `${ORIGIN}/api/cdn/files/demo/stage-upload/1.png` }, 201);
    const file = new File(['png!'], 'photo.png', { type: 'image/png' });

    const staged = await stageUpload(file, { store: 'demo' });

    expect(staged).toEqual({ resource: 'gid://marketplace/File/1', resourceUrl: `${ORIGIN}/api/cdn/files/demo/stage-upload/1.png` });
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: `${ORIGIN}/api/cdn/stage-upload?mime=image%2Fpng&filename=photo.png&fileSize=4&store=demo`,
    });
    expect(sent[1]).toMatchObject({ method: 'POST', url: `${ORIGIN}/api/cdn/staged-upload` });
    expect(sent[1].contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = await sent[1].request.formData();
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'signature', 'file']);
    expect(form.get('key')).toBe('demo/stage-upload/1.png');
    expect(await (form.get('file') as File).text()).toBe('png!');
  });
});

describe('uploadAll', () => {
  it('starts every upload at once and keeps the order of the files', async () => {
    const started: string[] = [];
    const release: (() => void)[] = [];
    const files = ['a', 'b', 'c'].map((name) => new File([name], `${name}.png`));
    const done = uploadAll(files, (file) => {
      started.push(file.name);
      return new Promise<string>((resolve) => release.push(() => resolve(file.name.toUpperCase())));
    });
    expect(started).toEqual(['a.png', 'b.png', 'c.png']);
    release.reverse().forEach((go) => go());
    expect(await done).toEqual(['A.PNG', 'B.PNG', 'C.PNG']);
  });
});
