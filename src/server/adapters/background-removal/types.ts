/** The image to clear: its bytes as stored, with the type the upload checks confirmed. */
export interface SourceImage {
  body: Buffer;
  contentType: string;
  /** A file name for providers that want one (never a path). */
  filename: string;
}

/**
 * Removes the background of a product photo. The embedded default works on the pixels with sharp;
 * the remote one calls a remove.bg-style API. Both answer PNG bytes with an alpha channel.
 */
export interface BackgroundRemover {
  readonly kind: 'local' | 'remote';
  /**
   * Answers the image as a PNG whose background is transparent. Throws BackgroundRemovalError when
   * the image cannot be processed or the provider refuses or fails (the caller answers 502).
   */
  removeBackground(image: SourceImage): Promise<Buffer>;
}

/** The removal failed for a reason the user can read (shown as the 502 message). */
export class BackgroundRemovalError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, when there was one. */
    readonly status?: number,
    /** The image itself cannot be processed (a 400 for the caller), rather than the service failing (502). */
    readonly isBadImage = false,
  ) {
    super(message);
  }
}
