import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { files, stores, users } from '#server/db/schema/index';
import { startFakeRemoveBg } from '../../../../test/fakes/fake-remove-bg.ts';
import { ownFileKey } from './remove-image-background.ts';

type Headers = Record<string, string>;

/** A white canvas with a red square in the middle: the classic product shot. */
const productShot = async () => {
  const square = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#cc1111' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 160, height: 120, channels: 3, background: '#ffffff' } })
    .composite([{ input: square, left: 50, top: 40 }])
    .png()
    .toBuffer();
};

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

async function upload(t: TestApp, headers: Headers, body: Buffer, proxy = 'product-images', ext = 'png', type = 'image/png') {
  const res = await t.app.inject({ method: 'PUT', url: `/api/cdn/${proxy}?ext=${ext}&name=mug.${ext}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  const { url, location } = res.json() as { url: string; location: string };
  const put = await t.app.inject({ method: 'PUT', url: pathOf(url), headers: { 'content-type': type }, payload: body });
  expect(put.statusCode, put.body).toBe(200);
  return location;
}

const removeBg = (t: TestApp, headers: Headers, originImgUrl: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/images/remove-bg/v2', headers, payload: { originImgUrl } });

async function download(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
  expect(res.statusCode).toBe(200);
  return { type: res.headers['content-type'], body: res.rawPayload };
}

async function alphaAt(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return data[(y * info.width + x) * info.channels + 3];
}

const keyOf = (url: string) => new URL(url).pathname.replace('/api/cdn/files/', '');
const rowOf = async (t: TestApp, url: string) =>
  (
    await t.db
      .select()
      .from(files)
      .where(eq(files.key, keyOf(url)))
  )[0];

describe('POST images/remove-bg/v2 (local adapter)', () => {
  let t: TestApp;
  let vendor1: Headers;
  let vendor2: Headers;
  let admin: Headers;
  let shot: string;

  beforeAll(async () => {
    t = await createTestApp();
    [vendor1, vendor2, admin] = (
      await Promise.all([t.login(DEMO_ACCOUNTS.vendor1), t.login(DEMO_ACCOUNTS.vendor2), t.login(DEMO_ACCOUNTS.admin)])
    ).map((s) => s.headers);
    shot = await upload(t, vendor1, await productShot());
  });
  afterAll(() => t.close());

  it('answers a new transparent PNG of the image, stored as a product image of the same vendor', async () => {
    const res = await removeBg(t, vendor1, shot);
    expect(res.statusCode, res.body).toBe(200);
    const { convertedImgUrl } = res.json() as { convertedImgUrl: string };
    expect(convertedImgUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/cdn\/files\/demo\/product-images\/[0-9a-f-]{36}\.png$/);
    expect(convertedImgUrl).not.toBe(shot);

    const file = await download(t, convertedImgUrl);
    expect(file.type).toBe('image/png');
    expect(await sharp(file.body).metadata()).toMatchObject({ format: 'png', width: 160, height: 120, hasAlpha: true });
    for (const [x, y] of [
      [0, 0],
      [159, 0],
      [0, 119],
      [159, 119],
    ])
      expect(await alphaAt(file.body, x, y)).toBe(0);
    expect(await alphaAt(file.body, 80, 60)).toBe(255);

    const [row, original] = [await rowOf(t, convertedImgUrl), await rowOf(t, shot)];
    const [vendorUser] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.vendor1));
    expect(row).toMatchObject({
      proxy: 'product-images',
      contentType: 'image/png',
      originalName: 'mug-no-background.png',
      vendorId: original.vendorId,
      uploadedBy: vendorUser.id,
      size: file.body.length,
    });
    expect(row.completedAt).not.toBeNull();
    // The original is left as it was.
    expect((await download(t, shot)).type).toBe('image/png');
    expect(await alphaAt((await download(t, shot)).body, 0, 0)).toBe(255);
  });

  it('takes the path of a file on its own, as the editor may keep it', async () => {
    const res = await removeBg(t, vendor1, new URL(shot).pathname);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses every URL that is not one of our stored files, without requesting it (SSRF)', async () => {
    let hits = 0;
    const server = createServer((_request, response) => {
      hits++;
      response.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const key = keyOf(shot);
    const refused = [
      `http://127.0.0.1:${port}/api/cdn/files/${key}`,
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'file:///etc/passwd',
      `//evil.example/api/cdn/files/${key}`,
      `http://127.0.0.1:3000.evil.example/api/cdn/files/${key}`,
      `https://127.0.0.1:3000/api/cdn/files/${key}`,
      `http://127.0.0.1:3000/api/cdn/upload/${key}`,
      'http://127.0.0.1:3000/api/cdn/files/../../../etc/passwd',
      'http://127.0.0.1:3000/api/cdn/files/demo/product-images/not-a-uuid.png',
      'data:image/png;base64,iVBORw0KGgo=',
      'gopher://127.0.0.1:6379/_INFO',
    ];
    try {
      for (const url of refused) {
        const res = await removeBg(t, vendor1, url);
        expect({ url, status: res.statusCode, message: res.json().message }).toEqual({
          url,
          status: 400,
          message: 'Only uploaded images can be edited',
        });
      }
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
    expect((await removeBg(t, vendor1, '')).statusCode).toBe(400);
    expect((await removeBg(t, vendor1, 42)).statusCode).toBe(400);
  });

  it("answers 404 for another store's file, even under our own address", async () => {
    await t.db.insert(stores).values({ id: 'other', shopName: 'Other Marketplace', settings: {} }).onConflictDoNothing();
    const key = `other/product-images/${randomUUID()}.png`;
    await t.ctx.storage.put(key, await productShot(), 'image/png');
    await t.db.insert(files).values({ storeId: 'other', key, proxy: 'product-images', contentType: 'image/png', completedAt: new Date() });
    const res = await removeBg(t, admin, `http://127.0.0.1:3000/api/cdn/files/${key}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Image not found' });
  });

  it("keeps vendors apart: another vendor's image is a 404, the marketplace may edit it for the vendor", async () => {
    expect((await removeBg(t, vendor2, shot)).statusCode).toBe(404);
    const res = await removeBg(t, admin, shot);
    expect(res.statusCode, res.body).toBe(200);
    const converted = (res.json() as { convertedImgUrl: string }).convertedImgUrl;
    expect((await rowOf(t, converted)).vendorId).toBe((await rowOf(t, shot)).vendorId);
    // The admin's result belongs to the vendor, who can edit it again; the other vendor still cannot.
    expect((await removeBg(t, vendor1, converted)).statusCode).toBe(200);
    expect((await removeBg(t, vendor2, converted)).statusCode).toBe(404);
  });

  it('answers 404 for an upload still waiting for its bytes, and 400 for a file that is not an image', async () => {
    const pending = await t.app.inject({ method: 'PUT', url: '/api/cdn/product-images?ext=png&name=x.png', headers: vendor1 });
    expect((await removeBg(t, vendor1, pending.json().location)).statusCode).toBe(404);
    const pdf = await upload(
      t,
      vendor1,
      Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n'),
      'metafield-file',
      'pdf',
      'application/pdf',
    );
    const res = await removeBg(t, vendor1, pdf);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only images can have their background removed');
  });

  it('needs a signed-in caller', async () => {
    expect((await removeBg(t, { 'x-iframe': 'false' }, shot)).statusCode).toBe(401);
  });
});

describe('POST images/remove-bg/v2 rate limit', () => {
  it('limits each user to 20 removals a minute, whatever their address', async () => {
    const t = await createTestApp();
    try {
      const [vendor1, admin] = (await Promise.all([t.login(DEMO_ACCOUNTS.vendor1), t.login(DEMO_ACCOUNTS.admin)])).map((s) => s.headers);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await removeBg(t, vendor1, 'http://elsewhere.example/a.png')).statusCode);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
      expect(statuses[20]).toBe(429);
      // Another user from the same address is not held back.
      expect((await removeBg(t, admin, 'http://elsewhere.example/a.png')).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});

describe('POST images/remove-bg/v2 (remote adapter)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeRemoveBg>>;
  let vendor1: Headers;

  beforeAll(async () => {
    fake = await startFakeRemoveBg({ apiKey: 'rbg-secret' });
    t = await createTestApp({ env: { BACKGROUND_REMOVAL: 'remote', REMOVE_BG_API_KEY: 'rbg-secret', REMOVE_BG_URL: fake.url } });
    vendor1 = (await t.login(DEMO_ACCOUNTS.vendor1)).headers;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('sends the stored bytes to the provider with the key and stores the PNG it answers', async () => {
    const original = await productShot();
    const shot = await upload(t, vendor1, original);
    const res = await removeBg(t, vendor1, shot);
    expect(res.statusCode, res.body).toBe(200);
    const call = fake.requests.at(-1)!;
    expect(call).toMatchObject({ path: '/v1.0/removebg', apiKey: 'rbg-secret', fields: { size: 'auto', format: 'png' } });
    expect(call.file).toMatchObject({ field: 'image_file', name: 'mug.png', type: 'image/png' });
    expect(call.file!.bytes.equals(original)).toBe(true);
    const stored = await download(t, res.json().convertedImgUrl);
    expect(stored.type).toBe('image/png');
    expect(await alphaAt(stored.body, 0, 0)).toBe(0);
    expect(await alphaAt(stored.body, 80, 60)).toBe(255);
  });

  it('answers 502 with the reason when the provider fails, and stores nothing', async () => {
    const shot = await upload(t, vendor1, await productShot());
    const before = (await t.db.select().from(files)).length;
    fake.failNext({ status: 402, title: 'Insufficient credits' });
    const res = await removeBg(t, vendor1, shot);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'The background removal service has no credits left: Insufficient credits' });
    expect((await t.db.select().from(files)).length).toBe(before);
  });
});

describe('ownFileKey', () => {
  it('reads the key of our file URLs only', () => {
    const config = { publicUrl: 'https://mp.example' };
    const key = `demo/product-images/${randomUUID()}.jpg`;
    expect(ownFileKey(config, `https://mp.example/api/cdn/files/${key}`)).toBe(key);
    expect(ownFileKey(config, `https://mp.example/api/cdn/files/${key}?v=2#top`)).toBe(key);
    expect(ownFileKey(config, `/api/cdn/files/${key}`)).toBe(key);
    expect(ownFileKey(config, `https://user:pw@mp.example/api/cdn/files/${key}`)).toBeNull();
    expect(ownFileKey(config, `http://mp.example/api/cdn/files/${key}`)).toBeNull();
    expect(ownFileKey(config, `https://mp.example:8443/api/cdn/files/${key}`)).toBeNull();
    expect(ownFileKey(config, 'https://mp.example/api/cdn/files/demo/../../secret')).toBeNull();
  });
});
