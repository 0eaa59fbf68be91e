import type { z } from 'zod';
import { SettingsSchema, type Settings, type SettingsSection } from '#shared/schemas/settings';
import { patchSettings } from './api/patch-settings.ts';

function pickSections<K extends SettingsSection>(settings: Settings, keys: readonly K[]): Pick<Settings, K> {
  return Object.fromEntries(keys.map((key) => [key, settings[key]])) as Pick<Settings, K>;
}

/**
 * A settings section saved through PATCH app/info/features: its schema is the shared settings
 * schema limited to its keys, its values those keys of the stored settings, and saving answers
 * the same keys of what the server stored.
 */
export function storeSection<K extends SettingsSection>(...keys: K[]) {
  const mask = Object.fromEntries(keys.map((key) => [key, true]));
  return {
    // zod cannot follow a generic pick mask; the picked schema is exactly the K sections.
    schema: SettingsSchema.pick(mask as never) as unknown as z.ZodType<Pick<Settings, K>, Pick<z.input<typeof SettingsSchema>, K>>,
    valuesOf: (settings: Settings) => pickSections(settings, keys),
    save: async (values: Pick<Settings, K>) => pickSections(await patchSettings(values), keys),
  };
}
