import { mutate } from 'swr';
import { RegistrationFormSettingsSchema } from '#shared/schemas/registration';
import { StoreSettingsAnswerSchema, type Settings } from '#shared/schemas/settings';
import { endpoint } from '#web/api/endpoint.ts';
import { SETTINGS_KEY, type SettingsAnswer } from '#web/api/get-settings.ts';

type RegistrationSettings = Settings['registration'];

const putRegistrationForm = endpoint({
  method: 'PUT',
  path: 'app/metafields/collection',
  request: RegistrationFormSettingsSchema,
  answer: StoreSettingsAnswerSchema,
});

/** PUT app/metafields/collection: the public registration form's fields and whether it is open. */
export async function saveRegistrationForm(registration: RegistrationSettings): Promise<RegistrationSettings> {
  const { settings } = await putRegistrationForm(registration);
  await mutate<SettingsAnswer>(SETTINGS_KEY, (current) => current && { ...current, settings }, { revalidate: false });
  return settings.registration;
}
