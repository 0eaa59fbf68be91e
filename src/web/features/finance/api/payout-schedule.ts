import { useSettings } from '#web/api/get-settings.ts';

/** The marketplace's payout schedule (settings.payments.schedule), which tells a vendor when what is due gets paid. */
export function usePayoutSchedule() {
  return useSettings().data?.settings.payments.schedule;
}
