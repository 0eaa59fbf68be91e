import { MAX_UPLOAD_BYTES } from '#shared/limits';
import { imageUploadProblem } from '#shared/schemas/media';

/**
 * The pixel size of an image file, read through an <img> (it reads the header, not every pixel as
 * createImageBitmap would); null when the browser cannot read the format (HEIC), and the server checks.
 */
function readImageSize(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done(null);
    image.src = url;
  });
}

/** Why this file may not be uploaded (the spec's size and pixel limits), or null. Only images are decoded. */
export async function uploadProblemOf(file: File): Promise<string | null> {
  if (file.size > MAX_UPLOAD_BYTES) return imageUploadProblem({ bytes: file.size });
  const size = file.type.startsWith('image/') ? await readImageSize(file) : null;
  return imageUploadProblem({ bytes: file.size, width: size?.width, height: size?.height });
}
