import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRemoveBg } from '../../../../test/fakes/fake-remove-bg.ts';
import { createRemoteBackgroundRemover } from './remote.ts';
import { BackgroundRemovalError } from './types.ts';

let fake: Awaited<ReturnType<typeof startFakeRemoveBg>>;
beforeAll(async () => {
  fake = await startFakeRemoveBg({ apiKey: 'rbg-key' });
});
afterAll(() => fake.close());

const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } })
    .jpeg()
    .toBuffer();

describe('remote background removal (remove.bg API)', () => {
  it('posts the image as multipart with the API key and answers the PNG it gets back', async () => {
    const remover = createRemoteBackgroundRemover({ baseUrl: fake.url, apiKey: 'rbg-key' });
    const body = await photo();
    const png = await remover.removeBackground({ body, contentType: 'image/jpeg', filename: 'shoe.jpg' });
    const call = fake.requests.at(-1)!;
    expect(call.path).toBe('/v1.0/removebg');
    expect(call.apiKey).toBe('rbg-key');
    expect(call.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(call.fields).toEqual({ size: 'auto', format: 'png' });
    expect(call.file).toMatchObject({ field: 'image_file', name: 'shoe.jpg', type: 'image/jpeg' });
    expect(call.file!.bytes.equals(body)).toBe(true);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 40, height: 30, hasAlpha: true });
  });

  it('turns refusals into errors that say what happened', async () => {
    const wrongKey = createRemoteBackgroundRemover({ baseUrl: fake.url, apiKey: 'nope' });
    await expect(wrongKey.removeBackground({ body: await photo(), contentType: 'image/jpeg', filename: 'a.jpg' })).rejects.toMatchObject({
      message: 'The background removal service refused the API key: API Key invalid',
      status: 403,
    });
    const remover = createRemoteBackgroundRemover({ baseUrl: fake.url, apiKey: 'rbg-key' });
    fake.failNext({ status: 402, title: 'Insufficient credits' }, { status: 500, title: 'Boom' });
    await expect(remover.removeBackground({ body: await photo(), contentType: 'image/jpeg', filename: 'a.jpg' })).rejects.toMatchObject({
      message: 'The background removal service has no credits left: Insufficient credits',
    });
    await expect(remover.removeBackground({ body: await photo(), contentType: 'image/jpeg', filename: 'a.jpg' })).rejects.toMatchObject({
      message: 'The background removal service failed (500): Boom',
    });
  });

  it('reports an unreachable service and refuses an answer that is not a PNG', async () => {
    const down = createRemoteBackgroundRemover({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', timeoutMs: 2000 });
    await expect(down.removeBackground({ body: await photo(), contentType: 'image/jpeg', filename: 'a.jpg' })).rejects.toMatchObject({
      message: 'The background removal service failed: it could not be reached',
    });
    const html = createRemoteBackgroundRemover({
      baseUrl: 'http://x',
      apiKey: 'k',
      fetch: async () => new Response('<html>', { status: 200 }),
    });
    await expect(html.removeBackground({ body: await photo(), contentType: 'image/jpeg', filename: 'a.jpg' })).rejects.toBeInstanceOf(
      BackgroundRemovalError,
    );
  });
});
