import useSWR from 'swr';
import { SettingsAnswerSchema, SettingsQuerySchema } from '#shared/schemas/settings';
import { endpoint } from './endpoint.ts';

export type { SettingsAnswer } from '#shared/schemas/settings';

export const SETTINGS_KEY = 'settings';

export const getSettings = endpoint({ path: 'settings', request: SettingsQuerySchema, answer: SettingsAnswerSchema });

/**
 * GET settings. Not refreshed on focus: the sections are forms, and their values come from the
 * answer once, when they open.
 */
export function useSettings() {
  return useSWR(SETTINGS_KEY, () => getSettings(), { revalidateOnFocus: false, revalidateOnReconnect: false });
}
