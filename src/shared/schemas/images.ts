import { z } from 'zod';
import { MSG } from '../messages.ts';

export const IMAGE_MESSAGES = {
  onlyUploaded: 'Only uploaded images can be edited',
  notAnImage: 'Only images can have their background removed',
  imageNotFound: 'Image not found',
} as const;

/** POST images/remove-bg/v2: the URL of one of the caller's uploaded images. */
export const RemoveBackgroundSchema = z.object({
  originImgUrl: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(2000, IMAGE_MESSAGES.onlyUploaded),
});
export type RemoveBackground = z.infer<typeof RemoveBackgroundSchema>;

/** The new image (a transparent PNG, stored as a product image); the original is left as it was. */
export const RemovedBackgroundSchema = z.object({ convertedImgUrl: z.string() });
export type RemovedBackground = z.infer<typeof RemovedBackgroundSchema>;
