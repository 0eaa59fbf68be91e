import type { RemoveBackground, RemovedBackground } from '#shared/schemas/images';
import { endpoint } from '../../../../api/endpoint.ts';

/** POST images/remove-bg/v2 {originImgUrl} → {convertedImgUrl}: a new transparent PNG; the original stays. */
export const removeBackground = endpoint<RemoveBackground, RemovedBackground>({
  method: 'POST',
  path: 'images/remove-bg/v2',
  body: ['originImgUrl'],
});
