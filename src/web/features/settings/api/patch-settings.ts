import { mutate } from 'swr';
import { PatchFeaturesSchema, StoreSettingsAnswerSchema, type Settings, type SettingsSection } from '#shared/schemas/settings';
import { endpoint } from '#web/api/endpoint.ts';
import { SETTINGS_KEY, type SettingsAnswer } from '#web/api/get-settings.ts';

const patchFeatures = endpoint({
  method: 'PATCH',
  path: 'app/info/features',
  request: PatchFeaturesSchema,
  answer: StoreSettingsAnswerSchema,
});

/** The sections GET app/info carries: the shell and every screen read them from there. */
const APP_INFO_SECTIONS: SettingsSection[] = ['wordings', 'wordingsByLanguage', 'colors', 'logoText', 'features'];

/** PATCH app/info/features with whole sections; answers the stored settings. */
export async function patchSettings(sections: Partial<Settings>): Promise<Settings> {
  const { settings } = await patchFeatures({ features: sections });
  await mutate<SettingsAnswer>(SETTINGS_KEY, (current) => current && { ...current, settings }, { revalidate: false });
  if (Object.keys(sections).some((key) => APP_INFO_SECTIONS.includes(key as SettingsSection))) await mutate('app/info');
  return settings;
}
