import useSWR from 'swr';
import type { AppInfo } from '#shared/schemas/app-info';
import { call, http } from './client.ts';

export type { AppInfo };

export function getAppInfo(): Promise<AppInfo> {
  return call(() => http.get('app/info'), 'GET');
}

/** The store does not change while the app is open; a reload (sign-in, vendor switch) reads it again. */
export function useAppInfo() {
  return useSWR('app/info', getAppInfo, { revalidateOnFocus: false, revalidateOnReconnect: false });
}
