import type { Config } from '#server/config';
import { createLocalBackgroundRemover } from './local.ts';
import { createRemoteBackgroundRemover } from './remote.ts';
import type { BackgroundRemover } from './types.ts';

export { BackgroundRemovalError, type BackgroundRemover, type SourceImage } from './types.ts';
export { createLocalBackgroundRemover } from './local.ts';
export { createRemoteBackgroundRemover } from './remote.ts';

/** BACKGROUND_REMOVAL picks the adapter: `local` (sharp, the default) or `remote` (REMOVE_BG_URL + REMOVE_BG_API_KEY). */
export function createBackgroundRemover(config: Pick<Config, 'backgroundRemoval'>): BackgroundRemover {
  const { kind, apiKey, baseUrl } = config.backgroundRemoval;
  return kind === 'remote' ? createRemoteBackgroundRemover({ baseUrl, apiKey }) : createLocalBackgroundRemover();
}
