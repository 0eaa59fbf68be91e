import useSWR from 'swr';
import { DashboardAnswerSchema, DashboardQuerySchema, type DashboardQuery } from '#shared/schemas/dashboard';
import { endpoint } from '#web/api/endpoint.ts';

export type { DashboardAnswer, DashboardQuery } from '#shared/schemas/dashboard';

export const getDashboard = endpoint({ path: 'dashboard', request: DashboardQuerySchema, answer: DashboardAnswerSchema });

/** GET dashboard for a range (none: the server's last 30 days); the previous range stays on screen while the next loads. */
export function useDashboard(query: DashboardQuery) {
  return useSWR(['dashboard', query.from ?? '', query.to ?? ''], () => getDashboard(query), { keepPreviousData: true });
}
