import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalBackgroundRemover } from './local.ts';
import { BackgroundRemovalError } from './types.ts';

/** A white 200x160 canvas with a red 80x60 square in the middle (optionally with a white hole). */
async function productPhoto(format: 'png' | 'jpeg', options: { hole?: boolean } = {}) {
  const square = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#d01010' } })
    .composite(
      options.hole ? [{ input: { create: { width: 20, height: 20, channels: 3, background: '#ffffff' } }, left: 30, top: 20 }] : [],
    )
    .png()
    .toBuffer();
  const canvas = sharp({ create: { width: 200, height: 160, channels: 3, background: '#ffffff' } }).composite([
    { input: square, left: 60, top: 50 },
  ]);
  return format === 'png' ? canvas.png().toBuffer() : canvas.jpeg({ quality: 85 }).toBuffer();
}

async function alphaAt(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return data[(y * info.width + x) * info.channels + 3];
}

const remover = createLocalBackgroundRemover();

describe('local background removal (sharp)', () => {
  it('makes the white backdrop transparent and keeps the red product opaque, as a PNG', async () => {
    const out = await remover.removeBackground({ body: await productPhoto('png'), contentType: 'image/png', filename: 'mug.png' });
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 200, height: 160, hasAlpha: true });
    for (const [x, y] of [
      [0, 0],
      [199, 0],
      [0, 159],
      [199, 159],
      [30, 80],
    ])
      expect(await alphaAt(out, x, y)).toBe(0);
    expect(await alphaAt(out, 100, 80)).toBe(255);
    expect(await alphaAt(out, 62, 52)).toBe(255);
  });

  it('softens the outline instead of cutting it with a hard step', async () => {
    const out = await remover.removeBackground({ body: await productPhoto('png'), contentType: 'image/png', filename: 'mug.png' });
    // The pixel just inside the product edge is partly transparent, the next ones in are opaque.
    const edge = await alphaAt(out, 60, 80);
    expect(edge).toBeGreaterThan(0);
    expect(edge).toBeLessThan(255);
    expect(await alphaAt(out, 64, 80)).toBe(255);
  });

  it('keeps white inside the product that the backdrop does not reach', async () => {
    const out = await remover.removeBackground({
      body: await productPhoto('png', { hole: true }),
      contentType: 'image/png',
      filename: 'mug.png',
    });
    expect(await alphaAt(out, 100, 80)).toBe(255);
    expect(await alphaAt(out, 0, 0)).toBe(0);
  });

  it('handles JPEG noise on the backdrop', async () => {
    const out = await remover.removeBackground({ body: await productPhoto('jpeg'), contentType: 'image/jpeg', filename: 'mug.jpg' });
    expect((await sharp(out).metadata()).format).toBe('png');
    expect(await alphaAt(out, 5, 5)).toBe(0);
    expect(await alphaAt(out, 100, 80)).toBe(255);
  });

  it('scales very large photos down to its working size', async () => {
    const small = createLocalBackgroundRemover({ maxSide: 100 });
    const out = await small.removeBackground({ body: await productPhoto('png'), contentType: 'image/png', filename: 'mug.png' });
    expect(await sharp(out).metadata()).toMatchObject({ width: 100, height: 80 });
  });

  it('refuses bytes that are not an image', async () => {
    await expect(
      remover.removeBackground({ body: Buffer.from('not an image'), contentType: 'image/png', filename: 'x.png' }),
    ).rejects.toBeInstanceOf(BackgroundRemovalError);
  });
});
