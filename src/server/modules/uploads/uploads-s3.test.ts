import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { startS3Server, TEST_BUCKET } from '../../../../test/support/s3-server.ts';
import { files } from '#server/db/schema/index';
import { incomingKey } from './complete-direct-upload.ts';

// The upload flow with STORAGE=s3 against a real S3-protocol server: presigned PUTs straight to the
// bucket, the content checks on first read, the same download answer as the local disk.
let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;
let vendor1: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ env: s3.env });
  vendor1 = (await t.login(DEMO_ACCOUNTS.vendor1)).headers;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

async function signedUrl(proxy: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'PUT', url: `/api/cdn/${proxy}?${new URLSearchParams(query)}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; location: string };
}

/** What a browser does with the URL: a PUT of the bytes straight to the bucket. */
const putToBucket = (url: string, body: Buffer, contentType: string) =>
  fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': contentType } });
const get = (location: string) => t.app.inject({ method: 'GET', url: new URL(location).pathname });
const keyOf = (location: string) => new URL(location).pathname.replace('/api/cdn/files/', '');
const fileRow = async (location: string) =>
  (
    await t.db
      .select()
      .from(files)
      .where(eq(files.key, keyOf(location)))
  )[0];
const stored = async (key: string) => {
  const object = await t.ctx.storage.get(key);
  return object ? buffer(object.body) : null;
};

describe('S3FileStorage against an S3-protocol server', () => {
  it('puts, reads, replaces and deletes an object; a missing key reads as null', async () => {
    const key = `demo/test/${randomUUID()}.txt`;
    expect(t.ctx.storage.kind).toBe('s3');
    expect(await t.ctx.storage.get(key)).toBeNull();
    await t.ctx.storage.put(key, Buffer.from('first'), 'text/plain');
    await t.ctx.storage.put(key, Buffer.from('second'), 'text/plain');
    const object = await t.ctx.storage.get(key);
    expect(object?.size).toBe(6);
    expect((await buffer(object!.body)).toString()).toBe('second');
    await t.ctx.storage.delete(key);
    expect(await t.ctx.storage.get(key)).toBeNull();
  });
});

describe('uploads with STORAGE=s3', () => {
  it('hands out a presigned bucket URL; the file is checked on first read and served with the same headers', async () => {
    const image = await png();
    const { url, location } = await signedUrl('product-images', { ext: 'png', name: 'Summer "dress"\r\n.png' }, vendor1);
    expect(url.startsWith(`${s3.endpoint}/${TEST_BUCKET}/incoming/demo/product-images/`)).toBe(true);
    expect(url).toContain('X-Amz-Signature=');
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/cdn\/files\/demo\/product-images\/[0-9a-f-]{36}\.png$/);
    expect((await get(location)).statusCode).toBe(404);

    const put = await putToBucket(url, image, 'image/png');
    expect(put.status, await put.text()).toBe(200);

    const got = await get(location);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(image)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(`inline; filename="Summer dress.png"; filename*=UTF-8''Summer%20dress.png`);
    expect(got.headers['content-security-policy']).toContain('sandbox');
    const row = await fileRow(location);
    expect(row).toMatchObject({ size: image.length, contentType: 'image/png' });
    expect(row.completedAt).toBeInstanceOf(Date);
    // Only checked bytes stay in the bucket, under the file's own key.
    expect(await stored(incomingKey(keyOf(location)))).toBeNull();
    expect((await stored(keyOf(location)))?.equals(image)).toBe(true);
    expect((await get(location)).statusCode).toBe(200);
  });

  it('serves an applicant PDF as a download', async () => {
    const { url, location } = await signedUrl('metafield-file', { ext: 'pdf', name: 'kvk extract.pdf', store: 'demo' });
    expect((await putToBucket(url, PDF, 'application/pdf')).status).toBe(200);
    const got = await get(location);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="kvk extract.pdf"/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the bucket refuses a PUT with another Content-Type than the signed one', async () => {
    const { url, location } = await signedUrl('product-images', { ext: 'png' }, vendor1);
    const put = await putToBucket(url, Buffer.from('<html><script>alert(1)</script></html>'), 'text/html');
    expect(put.status).toBe(403);
    expect((await get(location)).statusCode).toBe(404);
  });

  it('refuses HTML sent as a PNG on first read, deletes it and never serves it', async () => {
    const { url, location } = await signedUrl('product-images', { ext: 'png' }, vendor1);
    expect((await putToBucket(url, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png')).status).toBe(200);
    const first = await get(location);
    expect(first.statusCode).toBe(415);
    expect(first.json().message).toBe('The file content is not a valid PNG file');
    expect((await get(location)).statusCode).toBe(404);
    expect((await fileRow(location)).completedAt).toBeNull();
    expect(await stored(incomingKey(keyOf(location)))).toBeNull();
    expect(await stored(keyOf(location))).toBeNull();
  });

  it('refuses an image over 25 million pixels and a body over 20MB, as the local path does', async () => {
    const big = await signedUrl('product-images', { ext: 'png' }, vendor1);
    expect((await putToBucket(big.url, await png(6000, 5000), 'image/png')).status).toBe(200);
    const pixels = await get(big.location);
    expect(pixels.statusCode).toBe(400);
    expect(pixels.json().message).toBe(MSG.imageTooManyPixels);

    const huge = await signedUrl('metafield-file', { ext: 'png' }, vendor1);
    expect((await putToBucket(huge.url, Buffer.alloc(21 * 1024 * 1024, 1), 'image/png')).status).toBe(200);
    const tooLarge = await get(huge.location);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(MSG.imageTooLarge);
    expect(await stored(incomingKey(keyOf(huge.location)))).toBeNull();
  });

  it('stores a staged (multipart) upload, which goes through our server, in the bucket', async () => {
    const image = await png(120, 80);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/cdn/stage-upload?${new URLSearchParams({ mime: 'image/png', filename: 'shop.png', fileSize: String(image.length), store: 'demo' })}`,
    });
    const staged = res.json() as { stagedTarget: { url: string; parameters: { name: string; value: string }[]; resourceUrl: string } };
    const form = new FormData();
    for (const { name, value } of staged.stagedTarget.parameters) form.append(name, value);
    form.append('file', new Blob([image], { type: 'image/png' }), 'shop.png');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const posted = await fetch(`${base}${new URL(staged.stagedTarget.url).pathname}`, { method: 'POST', body: form });
    expect(posted.status, await posted.text()).toBe(201);
    expect((await stored(keyOf(staged.stagedTarget.resourceUrl)))?.equals(image)).toBe(true);
    const got = await get(staged.stagedTarget.resourceUrl);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(image)).toBe(true);
  });

  it('keeps a CSV import file in the bucket and imports it', async () => {
    const start = await t.app.inject({ method: 'PUT', url: '/api/product-csv/upload?name=s3.csv', headers: vendor1 });
    const { url, importId } = start.json();
    const csv =
      'id,sku,vendor,price,compare price,weight,weight unit,stock,title,images,description,option1 name,option1 value,option2 name,option2 value,option3 name,option3 value\n,S3-1,,5,,,,1,Bucket item,,,,,,,,';
    const validated = await t.app.inject({ method: 'PUT', url, headers: { ...vendor1, 'content-type': 'text/csv' }, payload: csv });
    expect(validated.json()).toMatchObject({ status: 'validated', productCount: 1 });
    expect((await t.app.inject({ method: 'POST', url: `/api/product-csv/imports/${importId}/confirm`, headers: vendor1 })).statusCode).toBe(
      202,
    );
    await t.ctx.jobs.drain();
    expect((await t.app.inject({ method: 'GET', url: `/api/product-csv/imports/${importId}`, headers: vendor1 })).json()).toMatchObject({
      status: 'done',
      created: 1,
    });
    expect((await stored(`demo/imports/${importId}.csv`))?.toString()).toBe(csv);
  });
});
