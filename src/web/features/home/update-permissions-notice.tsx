import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RedirectButton } from '#web/components/redirect-button.tsx';
import { endpoint } from '#web/api/endpoint.ts';
import { useAppStatus } from './api/waiting-counts.ts';

const updateInstall = endpoint({ method: 'POST', path: 'auth/shopify/update', answer: z.object({ url: z.string() }) });

/**
 * The Shopify install was granted less than the app asks for now: until an admin approves the app
 * again, the calls that need the new access fail on Shopify's side, so the admin's home screen says so.
 */
export function UpdatePermissionsNotice() {
  const { t } = useTranslation('home');
  const status = useAppStatus();
  if (!status.data?.shouldUpdate) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <p>{t('update.admin')}</p>
      <RedirectButton namespace="home" label={t('update.button')} open={() => updateInstall()} />
    </div>
  );
}
