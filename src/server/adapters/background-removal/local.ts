import sharp, { type OutputInfo } from 'sharp';
import { MAX_IMAGE_PIXELS } from '#shared/limits';
import { BackgroundRemovalError, type BackgroundRemover, type SourceImage } from './types.ts';

export interface LocalRemoverOptions {
  /** RGB distance (0-441) under which a pixel counts as background: fully transparent. */
  tolerance?: number;
  /** Width of the ramp above the tolerance over which pixels fade in (the soft edge of the cut). */
  feather?: number;
  /** Gaussian sigma applied to the mask, so the outline is anti-aliased instead of stair-stepped. */
  edgeBlur?: number;
  /** Longest side the work is done at; bigger photos are scaled down first (memory is ~10 bytes a pixel). */
  maxSide?: number;
}

interface Rgb {
  r: number;
  g: number;
  b: number;
}

/**
 * The background colour: the most common colour among the opaque pixels of a thin border band,
 * averaged within its bucket. Taking the mode (not the mean) ignores a product that touches the edge.
 * Null when the border is already transparent.
 */
export function estimateBackground(data: Buffer, width: number, height: number): Rgb | null {
  const band = Math.max(1, Math.min(4, Math.round(Math.min(width, height) * 0.01)));
  const counts = new Map<number, { n: number; r: number; g: number; b: number }>();
  const visit = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    if (data[i + 3] < 128) return;
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    // 16 levels a channel: JPEG noise of a plain backdrop stays in one or two buckets.
    const bucket = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const entry = counts.get(bucket) ?? { n: 0, r: 0, g: 0, b: 0 };
    entry.n++;
    entry.r += r;
    entry.g += g;
    entry.b += b;
    counts.set(bucket, entry);
  };
  for (let y = 0; y < height; y++) {
    const edgeRow = y < band || y >= height - band;
    for (let x = 0; x < width; x++) {
      if (edgeRow || x < band || x >= width - band) visit(x, y);
    }
  }
  let best: { n: number; r: number; g: number; b: number } | null = null;
  for (const entry of counts.values()) if (!best || entry.n > best.n) best = entry;
  if (!best) return null;
  return { r: best.r / best.n, g: best.g / best.n, b: best.b / best.n };
}

/**
 * The alpha mask (0 = background): pixels close to the background colour that are connected to the
 * border through such pixels. Connectivity keeps white details inside a product (a label, a
 * highlight) opaque even when they match a white backdrop. Within the connected region the alpha
 * ramps from 0 at `tolerance` to 255 at `tolerance + feather`.
 */
export function backgroundMask(data: Buffer, width: number, height: number, bg: Rgb, tolerance: number, feather: number): Uint8Array {
  const n = width * height;
  const limit = tolerance + feather;
  const distance = (p: number) => {
    const i = p * 4;
    const dr = data[i] - bg.r;
    const dg = data[i + 1] - bg.g;
    const db = data[i + 2] - bg.b;
    return Math.sqrt(dr * dr + dg * dg + db * db);
  };
  const mask = new Uint8Array(n).fill(255);
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  const push = (p: number) => {
    if (seen[p]) return;
    seen[p] = 1;
    const d = distance(p);
    if (d >= limit) return;
    mask[p] = d <= tolerance ? 0 : Math.round((255 * (d - tolerance)) / Math.max(1, feather));
    queue[tail++] = p;
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (head < tail) {
    const p = queue[head++];
    // Only pixels that are background themselves carry the region on: a half-faded edge pixel does not.
    if (mask[p] > 127) continue;
    const x = p % width;
    if (x > 0) push(p - 1);
    if (x < width - 1) push(p + 1);
    if (p >= width) push(p - width);
    if (p < n - width) push(p + width);
  }
  return mask;
}

/**
 * The embedded background removal: estimates the backdrop colour from the border and makes the
 * connected pixels close to it transparent, with a soft edge. Made for product photos on a plain
 * backdrop (the common case of a marketplace); busy backgrounds need the remote provider.
 */
export function createLocalBackgroundRemover(options: LocalRemoverOptions = {}): BackgroundRemover {
  const tolerance = options.tolerance ?? 38;
  const feather = options.feather ?? 32;
  const edgeBlur = options.edgeBlur ?? 0.8;
  const maxSide = options.maxSide ?? 3000;
  return {
    kind: 'local',
    async removeBackground(image: SourceImage) {
      let decoded: { data: Buffer; info: OutputInfo };
      try {
        decoded = await sharp(image.body, { limitInputPixels: MAX_IMAGE_PIXELS })
          // Phone photos are stored sideways with an orientation tag; the result must look as shown.
          .rotate()
          .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw new BackgroundRemovalError('This image could not be read', undefined, true);
      }
      const { data, info } = decoded;
      const { width, height } = info;
      const bg = estimateBackground(data, width, height);
      if (bg) {
        const mask = backgroundMask(data, width, height, bg, tolerance, feather);
        const soft =
          edgeBlur >= 0.3
            ? await sharp(mask, { raw: { width, height, channels: 1 } })
                .blur(edgeBlur)
                .extractChannel(0)
                .raw()
                .toBuffer()
            : mask;
        for (let p = 0, i = 3; p < soft.length; p++, i += 4) data[i] = Math.round((data[i] * soft[p]) / 255);
      }
      return sharp(data, { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer();
    },
  };
}
