import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages';
import { checkFileContent } from './check-file-content.ts';
import { contentDisposition } from './serve-file.ts';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#aa3366' } });
/** An ISO media file header with the given major brand, as cameras and phones write them. */
const isoMedia = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(12), Buffer.alloc(64)]);

async function refusal(body: Buffer, declared: string) {
  try {
    await checkFileContent(body, declared);
  } catch (error) {
    const { statusCode, message } = error as { statusCode: number; message: string };
    return { statusCode, message };
  }
  return null;
}

describe('checkFileContent', () => {
  it('accepts each accepted image format when the bytes are that format', async () => {
    expect(await refusal(await solid(40, 30).webp().toBuffer(), 'image/webp')).toBeNull();
    expect(await refusal(await solid(40, 30).gif().toBuffer(), 'image/gif')).toBeNull();
    expect(await refusal(await solid(40, 30).jpeg().toBuffer(), 'image/jpeg')).toBeNull();
  });

  it('measures one frame of an animation, not all frames stacked', async () => {
    // Each frame is 3x300 (1:100, accepted); stacked they would be 3x900 (1:300, refused).
    const frame = (background: string) =>
      sharp({ create: { width: 3, height: 300, channels: 3, background } })
        .png()
        .toBuffer();
    const frames = await Promise.all([frame('#ff0000'), frame('#00ff00'), frame('#0000ff')]);
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    expect(await refusal(animated, 'image/gif')).toBeNull();
    const webp = await sharp(frames, { join: { animated: true } })
      .webp()
      .toBuffer();
    expect(await refusal(webp, 'image/webp')).toBeNull();
  });

  it('refuses bytes of another format than the declared one', async () => {
    const webp = await solid(40, 30).webp().toBuffer();
    expect(await refusal(webp, 'image/png')).toEqual({ statusCode: 415, message: 'The file content is not a valid PNG file' });
    expect(
      await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png'),
    ).toMatchObject({ statusCode: 415 });
    expect(await refusal(Buffer.from('%PDF-1.4\n%%EOF'), 'video/mp4')).toEqual({
      statusCode: 415,
      message: 'The file content is not a valid MP4 file',
    });
  });

  it('refuses an image whose header is cut off', async () => {
    const png = await solid(40, 30).png().toBuffer();
    expect(await refusal(png.subarray(0, 20), 'image/png')).toMatchObject({ statusCode: 415 });
  });

  it('checks video and PDF by their magic numbers, with the usual aliases', async () => {
    expect(await refusal(isoMedia('isom'), 'video/mp4')).toBeNull();
    expect(await refusal(isoMedia('M4V '), 'video/mp4')).toBeNull();
    expect(await refusal(isoMedia('qt  '), 'video/quicktime')).toBeNull();
    expect(await refusal(isoMedia('qt  '), 'video/mp4')).toMatchObject({ statusCode: 415 });
    expect(await refusal(Buffer.from('%PDF-1.7\n%%EOF\n'), 'application/pdf')).toBeNull();
  });

  it('refuses empty, oversized, too many pixels and extreme aspect ratios with the spec messages', async () => {
    expect(await refusal(Buffer.alloc(0), 'image/png')).toEqual({ statusCode: 400, message: 'The file is empty' });
    expect(await refusal(Buffer.alloc(20 * 1024 * 1024 + 1), 'image/png')).toEqual({ statusCode: 413, message: MSG.imageTooLarge });
    expect(await refusal(await solid(5001, 5000).png().toBuffer(), 'image/png')).toEqual({
      statusCode: 400,
      message: MSG.imageTooManyPixels,
    });
    expect(await refusal(await solid(5000, 5000).png().toBuffer(), 'image/png')).toBeNull();
    expect(await refusal(await solid(1010, 10).png().toBuffer(), 'image/png')).toEqual({ statusCode: 400, message: MSG.uploadFailed });
    expect(await refusal(await solid(1000, 10).png().toBuffer(), 'image/png')).toBeNull();
  });
});

describe('contentDisposition', () => {
  it('opens images and video inline and downloads everything else', () => {
    expect(contentDisposition('image/png', 'a.png')).toMatch(/^inline;/);
    expect(contentDisposition('video/mp4', 'a.mp4')).toMatch(/^inline;/);
    expect(contentDisposition('application/pdf', 'a.pdf')).toMatch(/^attachment;/);
  });

  it('keeps names from breaking the header or naming a path', () => {
    expect(contentDisposition('application/pdf', '../../etc/pass"wd\r\nSet-Cookie: x=1')).toBe(
      `attachment; filename="passwdSet-Cookie_ x_1"; filename*=UTF-8''passwdSet-Cookie%3A%20x%3D1`,
    );
    expect(contentDisposition('image/jpeg', 'Zoë’s café (1).jpg')).toBe(
      `inline; filename="Zo__s caf_ (1).jpg"; filename*=UTF-8''Zo%C3%AB%E2%80%99s%20caf%C3%A9%20%281%29.jpg`,
    );
    expect(contentDisposition('image/png', '')).toBe(`inline; filename="file"; filename*=UTF-8''file`);
  });
});
