import { RemoveBackgroundSchema, RemovedBackgroundSchema } from '#shared/schemas/images';
import { endpoint } from '#web/api/endpoint.ts';

/** POST images/remove-bg/v2 {originImgUrl} → {convertedImgUrl}: a new transparent PNG; the original stays. */
export const removeBackground = endpoint({
  method: 'POST',
  path: 'images/remove-bg/v2',
  request: RemoveBackgroundSchema,
  answer: RemovedBackgroundSchema,
});
