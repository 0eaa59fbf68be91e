import useSWR from 'swr';
import type { VendorsAnswer } from '#shared/schemas/vendors';
import { endpoint } from '../../../api/endpoint.ts';

/** The counters of GET app/status the home screen shows (spec §6). */
interface AppStatusCounts {
  orders: number;
  draftProducts: number;
}

const appStatus = endpoint<Record<string, never>, AppStatusCounts>({ path: 'app/status' });
const pendingApplications = endpoint<{ applicationStatus: 'pending' }, VendorsAnswer>({ path: 'vendors', query: ['applicationStatus'] });

/** Orders waiting for a shipment and draft products in the caller's view. */
export function useAppStatus() {
  return useSWR('app/status', () => appStatus());
}

/** Admins: the applications no one has decided yet. */
export function usePendingApplications(isAdmin: boolean) {
  return useSWR(isAdmin ? ['vendors', '', 'pending'] : null, () => pendingApplications({ applicationStatus: 'pending' }));
}
