import useSWR from 'swr';
import type { z } from 'zod';
import type { Logo, Wordings } from '#shared/schemas/registration';
import type { ColorsSchema, Features } from '#shared/schemas/settings';
import { call, http } from './client.ts';

/** GET app/info: the signed-in user's store. Built from the shared schemas the server answers with. */
export interface AppInfo {
  store: string;
  shopName: string;
  wordings: Wordings;
  features: Features;
  colors: z.infer<typeof ColorsSchema>;
  logo: Logo;
  user: { email: string; name: string | null; vendor: string; admin: boolean; permissions: string[] };
}

export function getAppInfo(): Promise<AppInfo> {
  return call(() => http.get('app/info'), 'GET');
}

/** The store does not change while the app is open; a reload (sign-in, vendor switch) reads it again. */
export function useAppInfo() {
  return useSWR('app/info', getAppInfo, { revalidateOnFocus: false, revalidateOnReconnect: false });
}
