import useSWR from 'swr';
import type { AppInfo } from '#shared/schemas/app-info';
import type { FeatureFlag } from '#shared/schemas/settings';
import { call, http } from './client.ts';

export type { AppInfo };

export function getAppInfo(): Promise<AppInfo> {
  return call(() => http.get('app/info'), 'GET');
}

/** The store does not change while the app is open; a reload (sign-in, vendor switch) reads it again. */
export function useAppInfo() {
  return useSWR('app/info', getAppInfo, { revalidateOnFocus: false, revalidateOnReconnect: false });
}

/** What a route of a switchable area declares in its `handle` (the shell hides it while the switch is off). */
export interface FeatureRouteHandle {
  feature?: FeatureFlag;
  /** A vendor's screen that exists only while the store has vendor pages on. */
  vendorPages?: true;
}

/** Whether the store has this feature switched on; undefined until the store's features have loaded. */
export function useFeatureEnabled(flag: FeatureFlag): boolean | undefined {
  const { data } = useAppInfo();
  return data ? data.features[flag].enabled : undefined;
}
