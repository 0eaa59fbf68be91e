import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { files, stores, users, vendors } from '#server/db/schema/index';

let clock = new Date();
let t: TestApp;
let vendor1: Record<string, string>;
let vendor2: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  vendor1 = (await t.login(DEMO_ACCOUNTS.vendor1)).headers;
  vendor2 = (await t.login(DEMO_ACCOUNTS.vendor2)).headers;
  admin = (await t.login(DEMO_ACCOUNTS.admin)).headers;
  await t.db.insert(stores).values({ id: 'other', shopName: 'Other Marketplace', settings: {} });
});
afterAll(() => t.close());

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366aa' } });
const png = (width = 64, height = 48) => solid(width, height).png().toBuffer();
const jpeg = (width = 64, height = 48) => solid(width, height).jpeg().toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

/** The path and query of an absolute URL we handed out, for app.inject. */
const local = (url: string) => {
  const parsed = new URL(url);
  expect(parsed.origin).toBe('http://127.0.0.1:3000');
  return parsed.pathname + parsed.search;
};

async function uploadUrl(proxy: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'PUT', url: `/api/cdn/${proxy}?${new URLSearchParams(query)}`, headers });
}

async function signedUrl(proxy: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await uploadUrl(proxy, query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; location: string };
}

const putBytes = (url: string, body: Buffer, contentType: string) =>
  t.app.inject({ method: 'PUT', url: local(url), headers: { 'content-type': contentType }, payload: body });

const keyOf = (location: string) => new URL(location).pathname.replace('/api/cdn/files/', '');
const fileRow = async (location: string) =>
  (
    await t.db
      .select()
      .from(files)
      .where(eq(files.key, keyOf(location)))
  )[0];

function multipart(parameters: { name: string; value: string }[], file: { name: string; type: string; data: Buffer }) {
  const boundary = `----test${randomUUID()}`;
  const parts: Buffer[] = parameters.map((p) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Staged = { stagedTarget: { url: string; parameters: { name: string; value: string }[]; resourceUrl: string }; resource: string };

async function stage(query: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'PUT', url: `/api/cdn/stage-upload?${new URLSearchParams(query)}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Staged;
}

const postStaged = (staged: Staged, data: Buffer, name = 'photo.jpg', type = 'image/jpeg') => {
  const form = multipart(staged.stagedTarget.parameters, { name, type, data });
  return t.app.inject({ method: 'POST', url: local(staged.stagedTarget.url), ...form });
};

describe('PUT /api/cdn/{proxy} and the signed URL', () => {
  it('round-trips a signed-in vendor upload: signed URL, PUT of the bytes, GET of the location', async () => {
    const image = await png();
    const { url, location } = await signedUrl('product-images', { ext: 'png', name: 'Summer "dress"\r\n.png' }, vendor1);
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/cdn\/files\/demo\/product-images\/[0-9a-f-]{36}\.png$/);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/cdn\/upload\/demo\/product-images\/[0-9a-f-]{36}\.png\?/);
    expect(keyOf(location)).toBe(new URL(url).pathname.replace('/api/cdn/upload/', ''));

    const before = await t.app.inject({ method: 'GET', url: local(location) });
    expect(before.statusCode).toBe(404);

    const put = await putBytes(url, image, 'image/png');
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ location });

    const got = await t.app.inject({ method: 'GET', url: local(location) });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(image)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(`inline; filename="Summer dress.png"; filename*=UTF-8''Summer%20dress.png`);
    expect(got.headers['cache-control']).toContain('max-age=31536000');
    expect(got.headers['content-security-policy']).toContain('sandbox');

    const row = await fileRow(location);
    const [vendorOne] = await t.db.select().from(vendors).where(eq(vendors.name, 'Vendor One'));
    const [user] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.vendor1));
    expect(row).toMatchObject({
      storeId: 'demo',
      proxy: 'product-images',
      contentType: 'image/png',
      originalName: 'Summer "dress"\r\n.png',
      size: image.length,
      uploadedBy: user.id,
      vendorId: vendorOne.id,
    });
    expect(row.completedAt).toBeInstanceOf(Date);
  });

  it('builds URLs from the configured origin, never from the Host header', async () => {
    const res = await uploadUrl('product-images', { ext: 'jpg' }, { ...vendor1, host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^http:\/\/127\.0\.0\.1:3000\//);
    expect(res.json().location).toMatch(/^http:\/\/127\.0\.0\.1:3000\//);
  });

  it('lets an anonymous applicant upload a metafield-file (a PDF) to its store, served as a download', async () => {
    const { url, location } = await signedUrl('metafield-file', { ext: 'pdf', name: 'kvk extract.pdf', store: 'demo' });
    expect(location).toContain('/api/cdn/files/demo/metafield-file/');
    expect((await putBytes(url, PDF, 'application/pdf')).statusCode).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: local(location) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="kvk extract.pdf"/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const row = await fileRow(location);
    expect(row).toMatchObject({ storeId: 'demo', uploadedBy: null, vendorId: null, size: PDF.length });
  });

  it('refuses anonymous uploads to any other proxy, without a store, or to an unknown store', async () => {
    const productImages = await uploadUrl('product-images', { ext: 'png', store: 'demo' });
    expect(productImages.statusCode).toBe(401);
    expect(productImages.json().message).toBe(MSG.signInRequired);
    expect((await uploadUrl('messages', { ext: 'png', store: 'demo' })).statusCode).toBe(401);
    expect((await uploadUrl('metafield-file', { ext: 'png' })).statusCode).toBe(401);
    const unknown = await uploadUrl('metafield-file', { ext: 'png', store: 'nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.unknownStore);
  });

  it('ignores the store of the query for a signed-in caller', async () => {
    const { location } = await signedUrl('product-images', { ext: 'png', store: 'other' }, vendor1);
    expect(location).toContain('/files/demo/product-images/');
  });

  it('answers 400 for an unknown proxy and 415 for types a proxy does not take (never SVG or HTML)', async () => {
    const unknown = await uploadUrl('avatars', { ext: 'png' }, vendor1);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown upload proxy');
    for (const ext of ['svg', 'html', 'exe']) {
      expect((await uploadUrl('metafield-file', { ext }, vendor1)).statusCode).toBe(415);
    }
    const pdfAsProductImage = await uploadUrl('product-images', { ext: 'pdf' }, vendor1);
    expect(pdfAsProductImage.statusCode).toBe(415);
    expect(pdfAsProductImage.json().message).toBe(MSG.uploadFailed);
    const videoInMessages = await uploadUrl('messages', { ext: 'mp4' }, vendor1);
    expect(videoInMessages.statusCode).toBe(415);
    expect(videoInMessages.json().message).toBe('This file type is not accepted here. Accepted types: JPEG, PNG, WEBP, HEIC, GIF, PDF.');
    expect((await uploadUrl('messages', { ext: '.PDF' }, vendor1)).statusCode).toBe(200);
  });

  it('refuses an expired URL with 403 and stores nothing', async () => {
    const { url, location } = await signedUrl('product-images', { ext: 'png' }, vendor1);
    const start = clock;
    clock = new Date(start.getTime() + 16 * 60 * 1000);
    try {
      const res = await putBytes(url, await png(), 'image/png');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This upload URL has expired, please upload the file again');
    } finally {
      clock = start;
    }
    expect((await fileRow(location)).completedAt).toBeNull();
    expect(await t.ctx.storage.get(keyOf(location))).toBeNull();
  });

  it('refuses a URL that was already used with 409, keeping the first file', async () => {
    const first = await png(10, 10);
    const { url, location } = await signedUrl('product-images', { ext: 'png' }, vendor1);
    expect((await putBytes(url, first, 'image/png')).statusCode).toBe(200);
    const again = await putBytes(url, await png(20, 20), 'image/png');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This upload URL has already been used; ask for a new one');
    const got = await t.app.inject({ method: 'GET', url: local(location) });
    expect(got.rawPayload.equals(first)).toBe(true);
  });

  it('refuses a URL whose key, type, expiry or signature was changed, and a PUT URL posted as a form', async () => {
    const image = await png();
    const a = await signedUrl('product-images', { ext: 'png' }, vendor1);
    const b = await signedUrl('product-images', { ext: 'png' }, vendor2);
    const keyA = new URL(a.url).pathname;
    const keyB = new URL(b.url).pathname;
    const query = new URL(a.url).searchParams;
    const variants = [
      keyB + new URL(a.url).search,
      keyA.replace('/demo/', '/other/') + new URL(a.url).search,
      `${keyA}?${new URLSearchParams({ ...Object.fromEntries(query), contentType: 'image/jpeg' })}`,
      `${keyA}?${new URLSearchParams({ ...Object.fromEntries(query), expires: String(Number(query.get('expires')) + 3600) })}`,
      `${keyA}?${new URLSearchParams({ ...Object.fromEntries(query), signature: 'A'.repeat(43) })}`,
      keyA,
    ];
    for (const url of variants) {
      const res = await t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload: image });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(404);
    }
    const tampered = await t.app.inject({ method: 'PUT', url: variants[0], headers: { 'content-type': 'image/png' }, payload: image });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().message).toBe('This upload URL is not valid');

    const parameters = [
      { name: 'key', value: keyA.replace('/api/cdn/upload/', '') },
      { name: 'Content-Type', value: 'image/png' },
      { name: 'expires', value: query.get('expires')! },
      { name: 'signature', value: query.get('signature')! },
    ];
    const asForm = await t.app.inject({
      method: 'POST',
      url: '/api/cdn/staged-upload',
      ...multipart(parameters, { name: 'a.png', type: 'image/png', data: image }),
    });
    expect(asForm.statusCode).toBe(403);
    for (const { location } of [a, b]) expect((await fileRow(location)).completedAt).toBeNull();
  });

  it('refuses a body over 20MB with 413 and the spec message', async () => {
    const { url, location } = await signedUrl('metafield-file', { ext: 'png' }, vendor1);
    const res = await putBytes(url, Buffer.alloc(21 * 1024 * 1024, 1), 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MSG.imageTooLarge);
    expect((await fileRow(location)).completedAt).toBeNull();
  });

  it('refuses an image over 25 million pixels', async () => {
    const { url, location } = await signedUrl('product-images', { ext: 'png' }, vendor1);
    const res = await putBytes(url, await png(6000, 5000), 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.imageTooManyPixels);
    expect((await fileRow(location)).completedAt).toBeNull();
  });

  it('refuses an aspect ratio beyond 100:1 with the upload failure message', async () => {
    const wide = await signedUrl('product-images', { ext: 'jpg' }, vendor1);
    const res = await putBytes(wide.url, await jpeg(1000, 5), 'image/jpeg');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.uploadFailed);
    const tall = await signedUrl('product-images', { ext: 'png' }, vendor1);
    expect((await putBytes(tall.url, await png(5, 1000), 'image/png')).statusCode).toBe(400);
    const fine = await signedUrl('product-images', { ext: 'png' }, vendor1);
    expect((await putBytes(fine.url, await png(1000, 10), 'image/png')).statusCode).toBe(200);
  });

  it('refuses HTML declared as a PNG, and a JPEG sent to a PNG URL, storing nothing', async () => {
    const { url, location } = await signedUrl('product-images', { ext: 'png' }, vendor1);
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const res = await putBytes(url, html, 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('The file content is not a valid PNG file');
    const asHtml = await putBytes(url, html, 'text/html');
    expect(asHtml.statusCode).toBe(415);
    const jpegBytes = await putBytes(url, await jpeg(), 'image/png');
    expect(jpegBytes.statusCode).toBe(415);
    expect((await fileRow(location)).completedAt).toBeNull();
    expect(await t.ctx.storage.get(keyOf(location))).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: local(location) })).statusCode).toBe(404);
    // The URL was not used up by the refused attempts.
    expect((await putBytes(url, await png(), 'image/png')).statusCode).toBe(200);
  });

  it('accepts a body sent without a Content-Type (browsers send none for types they do not know)', async () => {
    const { url } = await signedUrl('product-images', { ext: 'jpeg' }, vendor1);
    const res = await t.app.inject({ method: 'PUT', url: local(url), payload: await jpeg() });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('rate-limits anonymous callers per address, not signed-in ones', async () => {
    const remoteAddress = '10.9.8.7';
    const call = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'PUT', url: '/api/cdn/metafield-file?ext=png&store=demo', remoteAddress, headers });
    for (let i = 0; i < 30; i++) expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await call(vendor1)).statusCode).toBe(200);
  });
});

describe('PUT /api/cdn/stage-upload, the multipart target and GET /api/cdn/shopify/file', () => {
  it('round-trips an anonymous staged upload and resolves its global id', async () => {
    const image = await jpeg(120, 80);
    const staged = await stage({ mime: 'image/jpeg', filename: 'shop.jpg', fileSize: String(image.length), store: 'demo' });
    expect(staged.stagedTarget.url).toBe('http://127.0.0.1:3000/api/cdn/staged-upload');
    expect(staged.stagedTarget.parameters.map((p) => p.name)).toEqual(['key', 'Content-Type', 'expires', 'signature']);
    expect(staged.stagedTarget.resourceUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\/api\/cdn\/files\/demo\/stage-upload\/[0-9a-f-]{36}\.jpg$/,
    );
    expect(staged.resource).toMatch(/^gid:\/\/marketplace\/File\/[0-9a-f-]{36}$/);

    const posted = await postStaged(staged, image);
    expect(posted.statusCode, posted.body).toBe(201);
    const got = await t.app.inject({ method: 'GET', url: local(staged.stagedTarget.resourceUrl) });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(image)).toBe(true);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['content-disposition']).toMatch(/^inline; filename="shop.jpg"/);

    const src = await t.app.inject({
      method: 'GET',
      url: `/api/cdn/shopify/file?${new URLSearchParams({ ressourceId: staged.resource, store: 'demo' })}`,
    });
    expect(src.statusCode).toBe(200);
    expect(src.json()).toEqual({ src: staged.stagedTarget.resourceUrl });
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/cdn/shopify/file?ressourceId=${encodeURIComponent(staged.resource)}`,
      headers: admin,
    });
    expect(asAdmin.json()).toEqual({ src: staged.stagedTarget.resourceUrl });
    // An applicant's documents are for the marketplace, not for the other vendors.
    const asVendor = await t.app.inject({
      method: 'GET',
      url: `/api/cdn/shopify/file?ressourceId=${encodeURIComponent(staged.resource)}`,
      headers: vendor1,
    });
    expect(asVendor.statusCode).toBe(404);

    const reused = await postStaged(staged, image);
    expect(reused.statusCode).toBe(409);
  });

  it("infers the type from the file name when the browser gives none, and keeps a vendor's file from other vendors", async () => {
    const image = await png();
    const staged = await stage({ mime: '', filename: 'Logo.PNG', fileSize: String(image.length) }, vendor2);
    expect(staged.stagedTarget.parameters[1]).toEqual({ name: 'Content-Type', value: 'image/png' });
    expect((await postStaged(staged, image, 'Logo.PNG', 'application/octet-stream')).statusCode).toBe(201);
    const ask = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/cdn/shopify/file?ressourceId=${encodeURIComponent(staged.resource)}`, headers });
    expect((await ask(vendor2)).statusCode).toBe(200);
    expect((await ask(admin)).statusCode).toBe(200);
    expect((await ask(vendor1)).statusCode).toBe(404);
    const octet = await stage({ mime: 'application/octet-stream', filename: 'IMG_0001.HEIC', fileSize: '100' }, vendor2);
    expect(octet.stagedTarget.parameters[1]).toEqual({ name: 'Content-Type', value: 'image/heic' });
    expect(octet.stagedTarget.resourceUrl).toMatch(/\.heic$/);
  });

  it('refuses an announced size over 20MB with 413 before handing out a target', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/cdn/stage-upload?mime=image/jpeg&filename=big.jpg&fileSize=${20 * 1024 * 1024 + 1}&store=demo`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MSG.imageTooLarge);
  });

  it('refuses a staged file over 20MB, a wrong type, and a changed parameter', async () => {
    const image = await jpeg();
    const big = await stage({ mime: 'image/jpeg', filename: 'a.jpg', fileSize: '100', store: 'demo' });
    const tooBig = await postStaged(big, Buffer.alloc(21 * 1024 * 1024, 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(MSG.imageTooLarge);

    const html = await postStaged(big, Buffer.from('<html><script>alert(1)</script></html>'), 'a.jpg', 'image/jpeg');
    expect(html.statusCode).toBe(415);

    const staged = await stage({ mime: 'image/jpeg', filename: 'a.jpg', fileSize: '100', store: 'demo' });
    const changed = {
      ...staged,
      stagedTarget: {
        ...staged.stagedTarget,
        parameters: staged.stagedTarget.parameters.map((p) => (p.name === 'key' ? { ...p, value: p.value.replace('.jpg', '.png') } : p)),
      },
    };
    expect((await postStaged(changed, image)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/cdn/stage-upload?mime=image/svg%2Bxml&filename=a.svg&fileSize=10',
          headers: vendor1,
        })
      ).statusCode,
    ).toBe(415);
    expect((await t.app.inject({ method: 'PUT', url: '/api/cdn/stage-upload?mime=image/png&filename=a.png&fileSize=10' })).statusCode).toBe(
      401,
    );
  });

  it('answers 404 for an unknown id and for an id of another store', async () => {
    const image = await jpeg();
    const staged = await stage({ mime: 'image/jpeg', filename: 'a.jpg', fileSize: String(image.length), store: 'other' });
    expect((await postStaged(staged, image)).statusCode).toBe(201);
    const ask = (query: Record<string, string>, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/cdn/shopify/file?${new URLSearchParams(query)}`, headers });
    expect((await ask({ ressourceId: staged.resource, store: 'other' })).statusCode).toBe(200);
    expect((await ask({ ressourceId: staged.resource }, admin)).statusCode).toBe(404);
    expect((await ask({ ressourceId: staged.resource, store: 'other' }, admin)).statusCode).toBe(404);
    expect((await ask({ ressourceId: staged.resource, store: 'demo' })).statusCode).toBe(404);
    expect((await ask({ ressourceId: `gid://marketplace/File/${randomUUID()}` }, admin)).statusCode).toBe(404);
    expect((await ask({ ressourceId: 'not-a-gid' }, admin)).statusCode).toBe(404);
    expect((await ask({ ressourceId: staged.resource })).statusCode).toBe(401);
  });
});

describe('over real HTTP (fetch and FormData, as the browser sends them)', () => {
  let origin: string;
  beforeAll(async () => {
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const here = (url: string) => origin + new URL(url).pathname + new URL(url).search;

  it('uploads with a PUT of a Blob and with a multipart FormData, and serves the bytes', async () => {
    const image = await png(30, 30);
    const signed = (await (await fetch(`${origin}/api/cdn/metafield-file?ext=png&name=a.png&store=demo`, { method: 'PUT' })).json()) as {
      url: string;
      location: string;
    };
    const put = await fetch(here(signed.url), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Blob([image]) });
    expect(put.status).toBe(200);
    const got = await fetch(here(signed.location));
    expect(Buffer.from(await got.arrayBuffer()).equals(image)).toBe(true);

    const staged = (await (
      await fetch(`${origin}/api/cdn/stage-upload?mime=image/png&filename=a.png&fileSize=${image.length}&store=demo`, { method: 'PUT' })
    ).json()) as Staged;
    const form = new FormData();
    for (const { name, value } of staged.stagedTarget.parameters) form.append(name, value);
    form.append('file', new Blob([image], { type: 'image/png' }), 'a.png');
    const posted = await fetch(here(staged.stagedTarget.url), { method: 'POST', body: form });
    expect(posted.status).toBe(201);
    expect((await fetch(here(staged.stagedTarget.resourceUrl))).status).toBe(200);
  });

  it('answers a refused form promptly and leaves no connection stuck mid-body', async () => {
    const staged = (await (
      await fetch(`${origin}/api/cdn/stage-upload?mime=image/png&filename=a.png&fileSize=10&store=demo`, { method: 'PUT' })
    ).json()) as Staged;
    const form = new FormData();
    for (const { name, value } of staged.stagedTarget.parameters) form.append(name, name === 'signature' ? 'x' : value);
    form.append('file', new Blob([Buffer.alloc(15 * 1024 * 1024, 7)], { type: 'image/png' }), 'a.png');
    const res = await fetch(here(staged.stagedTarget.url), { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe('This upload URL is not valid');
  });

  it('answers 413 to a form file or a PUT body over 20MB, and 403 to a refused PUT, over a real connection', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 7);
    const staged = (await (
      await fetch(`${origin}/api/cdn/stage-upload?mime=image/png&filename=a.png&fileSize=10&store=demo`, { method: 'PUT' })
    ).json()) as Staged;
    const form = new FormData();
    for (const { name, value } of staged.stagedTarget.parameters) form.append(name, value);
    form.append('file', new Blob([big], { type: 'image/png' }), 'a.png');
    const tooBig = await fetch(here(staged.stagedTarget.url), { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe(MSG.imageTooLarge);

    const signed = (await (await fetch(`${origin}/api/cdn/metafield-file?ext=png&store=demo`, { method: 'PUT' })).json()) as {
      url: string;
    };
    const put = await fetch(here(signed.url), {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: big,
      signal: AbortSignal.timeout(10_000),
    });
    expect(put.status).toBe(413);
    const forged = here(signed.url).replace(/signature=[^&]+/, 'signature=forged');
    const refused = await fetch(forged, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: big.subarray(0, 5 * 1024 * 1024),
      signal: AbortSignal.timeout(10_000),
    });
    expect(refused.status).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the upload endpoints', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(doc.paths['/api/cdn/{proxy}'].put.tags).toEqual(['uploads']);
    expect(doc.paths['/api/cdn/stage-upload'].put.tags).toEqual(['uploads']);
    expect(doc.paths['/api/cdn/shopify/file'].get.tags).toEqual(['uploads']);
    expect(doc.paths['/api/cdn/staged-upload'].post.tags).toEqual(['uploads']);
  });
});
