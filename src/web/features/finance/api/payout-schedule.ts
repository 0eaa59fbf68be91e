import useSWR from 'swr';
import type { Settings } from '#shared/schemas/settings';
import { endpoint } from '../../../api/endpoint.ts';

const getSettings = endpoint<Record<string, never>, { settings: Pick<Settings, 'payments'> }>({ path: 'settings' });

/** The marketplace's payout schedule (settings.payments.schedule), which tells a vendor when what is due gets paid. */
export function usePayoutSchedule() {
  const { data } = useSWR('finance/payout-schedule', () => getSettings({}), { revalidateOnFocus: false });
  return data?.settings.payments.schedule;
}
